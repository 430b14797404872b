import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { DOMAIN_DEPENDENCIES } from "./app/domain/dependencies.ts";

const TESTS = ["**/*.test.ts", "**/*.test.tsx"];

/** An import of one of `folders` of app/, by the `~/` alias or by a relative path. */
function layer(folders, message) {
  return { regex: `^(~/|(\\.{1,2}/)+)(.*/)?(${folders.join("|")})(/|$)`, message: `${message} (docs/architecture.md#couches).` };
}

/** One <Link> for the app (app/ui/link.tsx), the one that leaves out in read-only parts what they do not need. */
const ROUTER_LINK = {
  name: "react-router",
  importNames: ["Link"],
  message: "Importez Link depuis ~/ui/link (docs/decisions/0020-server-render-of-read-only-parts.md).",
};

/**
 * The same rule for a dynamic `import("…")`, which `no-restricted-imports` does not see. (An
 * esquery regex cannot hold a slash: `[\\x2F]` stands for it.)
 */
function dynamicLayer(folders, message) {
  const source = `^(~[\\x2F]|([.]{1,2}[\\x2F])+)(.*[\\x2F])?(${folders.join("|")})([\\x2F]|$)`;
  return {
    selector: `ImportExpression[source.value=/${source}/]`,
    message: `${message}, pas même par un import() dynamique (docs/architecture.md#couches).`,
  };
}

/**
 * Domain → domain dependencies (docs/architecture.md#dépendances-entre-domaines): for each domain of
 * the table of app/domain/dependencies.ts, the other domains it may not import, by the `~/domain/`
 * alias or by a relative path. A relative path reaches app/domain/ by as many `../` as the file is
 * deep, so the rule is written for each depth (files up to DOMAIN_DEPTH folders below their domain).
 * The layer rule of every domain file is repeated here: a later rule replaces an earlier one.
 */
const DOMAIN_DEPTH = 4;
const DOMAIN_LAYER = "un domaine n'importe ni route ni composition";

function domainRules() {
  const domains = Object.keys(DOMAIN_DEPENDENCIES);
  return domains.flatMap((domain) => {
    const declared = DOMAIN_DEPENDENCIES[domain];
    const refused = domains.filter((other) => other !== domain && !declared.includes(other)).join("|");
    if (!refused) return [];
    const message = `le domaine ${domain} n'importe ${
      DOMAIN_DEPENDENCIES[domain].length ? `que ${DOMAIN_DEPENDENCIES[domain].join(", ")}` : "aucun autre domaine"
    } (app/domain/dependencies.ts, docs/architecture.md#dépendances-entre-domaines)`;
    return Array.from({ length: DOMAIN_DEPTH + 1 }, (_, depth) => {
      const up = depth + 1;
      // `~/domain/x`, `../x` (one `../` more than the file is deep) or `../../domain/x`; `[.]` so that
      // the same regex also reads in an esquery selector, where a slash is written `[\x2F]`.
      const regex = `^(~/domain/|([.]/)?([.][.]/){${up}}|([.]/)?([.][.]/){${up + 1}}domain/)(${refused})(/|$)`;
      return {
        files: [`app/domain/${domain}/${"*/".repeat(depth)}*.{ts,tsx}`],
        ignores: TESTS,
        rules: {
          "no-restricted-imports": [
            "error",
            {
              paths: [ROUTER_LINK],
              patterns: [layer(["routes", "composition"], DOMAIN_LAYER), { regex, message: `${message}.` }],
            },
          ],
          "no-restricted-syntax": [
            "error",
            dynamicLayer(["routes", "composition"], DOMAIN_LAYER),
            {
              selector: `ImportExpression[source.value=/${regex.replaceAll("/", "[\\x2F]")}/]`,
              message: `${message}, pas même par un import() dynamique.`,
            },
          ],
        },
      };
    });
  });
}

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      ".test-reports/",
      "node_modules/",
      ".react-router/",
      "data/",
      ".test-data/",
      "test-results/",
      "playwright-report/",
      "public/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-explicit-any": "off",
      // French typography puts a non-breaking space before : ; ! ? and inside « » — in text only.
      "no-irregular-whitespace": ["error", { skipStrings: true, skipTemplates: true, skipJSXText: true, skipComments: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["app/**"],
    rules: { "no-restricted-imports": ["error", { paths: [ROUTER_LINK] }] },
  },
  // Layers (docs/architecture.md#couches): routes → domain → ui/platform, never the other way; only
  // routes, app/root.tsx, server/, scripts/ and app/composition itself assemble every area through
  // app/composition. Tests may compose anything. Imports are checked with the `~/` alias and relative paths.
  {
    files: ["app/platform/**", "app/ui/**"],
    ignores: TESTS,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [ROUTER_LINK],
          patterns: [layer(["domain", "routes", "composition"], "app/platform et app/ui n'importent ni domaine, ni route, ni composition")],
        },
      ],
      "no-restricted-syntax": [
        "error",
        dynamicLayer(["domain", "routes", "composition"], "app/platform et app/ui n'importent ni domaine, ni route, ni composition"),
      ],
    },
  },
  {
    files: ["app/domain/**"],
    ignores: TESTS,
    rules: {
      "no-restricted-imports": ["error", { paths: [ROUTER_LINK], patterns: [layer(["routes", "composition"], DOMAIN_LAYER)] }],
      "no-restricted-syntax": ["error", dynamicLayer(["routes", "composition"], DOMAIN_LAYER)],
    },
  },
  ...domainRules(),
  {
    files: ["app/*.ts", "app/*.tsx", "vite/**"],
    ignores: [...TESTS, "app/root.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [ROUTER_LINK],
          patterns: [
            layer(["composition"], "seuls les routes, app/root.tsx, server/, scripts/ et app/composition importent la composition"),
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        dynamicLayer(["composition"], "seuls les routes, app/root.tsx, server/, scripts/ et app/composition importent la composition"),
      ],
    },
  },
  // Thin routes (docs/architecture.md#couches): a route module holds its loader, action, meta and the
  // composition of its screen, 250 lines at most; what is longer goes to its domain or to app/ui.
  {
    files: ["app/routes/**"],
    ignores: TESTS,
    rules: { "max-lines": ["error", { max: 250 }] },
  },
  // Thin routes, plain domains (docs/architecture.md#couches, docs/decisions/0026-thin-routes-typed-outcomes.md): a route
  // reaches the database only through domain functions, never `db()` nor the db module itself.
  {
    files: ["app/routes/**"],
    ignores: TESTS,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [ROUTER_LINK],
          patterns: [
            {
              regex: "^(~/|(\\.{1,2}/)+)(.*/)?platform/db/db\\.server$",
              message: "une route n'accède pas à la base : elle appelle une fonction du domaine (docs/architecture.md#couches).",
            },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.name='db']",
          message: "une route n'appelle pas db() : elle appelle une fonction du domaine (docs/architecture.md#couches).",
        },
        {
          selector: "ImportExpression[source.value=/platform[\\x2F]db[\\x2F]db[.]server$/]",
          message: "une route n'importe pas la base, pas même par un import() dynamique (docs/architecture.md#couches).",
        },
      ],
    },
  },
  {
    files: ["**/*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
);
