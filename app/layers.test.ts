import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { DOMAIN_DEPENDENCIES } from "./domain/dependencies";

/**
 * The layers of docs/architecture.md#couches are enforced by ESLint (`no-restricted-imports` in
 * eslint.config.js, and `no-restricted-syntax` for a dynamic `import()`): an import against the
 * direction routes → domain → ui/platform fails the lint.
 */
const root = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: root });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === "no-restricted-imports" || m.ruleId === "no-restricted-syntax")
    .map((m) => m.message);
}

describe("layer boundaries", () => {
  it("refuses a domain import from platform or ui, by alias or relative path", async () => {
    expect(
      await layerErrors("app/platform/auth/example.ts", 'import { listUsers } from "~/domain/accounts/users.server";\nvoid listUsers;\n'),
    ).toEqual([expect.stringContaining("docs/architecture.md#couches")]);
    expect(
      await layerErrors(
        "app/ui/layout/example.tsx",
        'import { DEMO_ORGANISATION } from "../../domain/settings/organisation";\nvoid DEMO_ORGANISATION;\n',
      ),
    ).toHaveLength(1);
    expect(await layerErrors("app/platform/example.ts", 'import { loader } from "~/routes/admin/dashboard";\nvoid loader;\n')).toHaveLength(
      1,
    );
    expect(await layerErrors("app/platform/example.ts", 'import { seed } from "~/composition/seed.server";\nvoid seed;\n')).toHaveLength(1);
  });

  it("refuses a dynamic import() against the direction, by alias or relative path", async () => {
    expect(
      await layerErrors("app/platform/auth/example.ts", 'export const load = () => import("~/domain/accounts/users.server");\n'),
    ).toEqual([expect.stringContaining("import() dynamique")]);
    expect(
      await layerErrors("app/ui/layout/example.tsx", 'export const load = () => import("../../domain/settings/settings.server");\n'),
    ).toHaveLength(1);
    expect(await layerErrors("app/platform/example.ts", 'export const load = () => import("~/composition/seed.server");\n')).toHaveLength(
      1,
    );
    expect(await layerErrors("app/domain/blog/example.ts", 'export const load = () => import("~/routes/site/blog");\n')).toHaveLength(1);
    // Within a layer, or downwards, a dynamic import is fine.
    expect(
      await layerErrors(
        "app/platform/storage/example.ts",
        'export const a = () => import("./s3-driver.server");\nexport const b = () => import("~/platform/db/db.server");\n',
      ),
    ).toEqual([]);
    expect(
      await layerErrors("app/routes/site/example.tsx", 'export const load = () => import("~/domain/settings/settings.server");\n'),
    ).toEqual([]);
  });

  it("refuses a route or composition import from a domain", async () => {
    expect(await layerErrors("app/domain/blog/example.ts", 'import { loader } from "~/routes/site/blog";\nvoid loader;\n')).toHaveLength(1);
    expect(
      await layerErrors(
        "app/domain/blog/example.ts",
        'import { sitemapSources } from "~/composition/sitemap-sources.server";\nvoid sitemapSources;\n',
      ),
    ).toHaveLength(1);
  });

  it("accepts imports in the right direction", async () => {
    expect(
      await layerErrors(
        "app/domain/blog/example.ts",
        'import { db } from "~/platform/db/db.server";\nimport { cn } from "~/ui/cn";\nvoid db;\nvoid cn;\n',
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        "app/routes/site/example.tsx",
        'import { listUsers } from "~/domain/accounts/users.server";\nimport { seed } from "~/composition/seed.server";\nvoid listUsers;\nvoid seed;\n',
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        "app/composition/example.server.ts",
        'import { listUsers } from "~/domain/accounts/users.server";\nvoid listUsers;\n',
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        "app/platform/db/example.ts",
        'import { isPostgres } from "./dialect";\nimport { log } from "../log.server";\nvoid isPostgres;\nvoid log;\n',
      ),
    ).toEqual([]);
  });
});

describe("domain dependencies", () => {
  const TABLE = "app/domain/dependencies.ts";

  it("refuses a domain import the table does not declare, by alias, relative path, re-export or import()", async () => {
    // revisions imports audit only; settings does not import formations.
    expect(
      await layerErrors(
        "app/domain/revisions/example.ts",
        'import { MODALITY_LABELS } from "~/domain/formations/labels";\nvoid MODALITY_LABELS;\n',
      ),
    ).toEqual([expect.stringContaining(TABLE)]);
    expect(await layerErrors("app/domain/settings/example.ts", 'export { VAT_MODES } from "../formations/labels";\n')).toHaveLength(1);
    expect(
      await layerErrors(
        "app/domain/settings/components/example.tsx",
        'import type { Formation } from "../../formations/model";\nexport type F = Formation;\n',
      ),
    ).toHaveLength(1);
    expect(await layerErrors("app/domain/settings/example.ts", 'export * from "../../domain/formations/labels";\n')).toHaveLength(1);
    expect(await layerErrors("app/domain/revisions/example.ts", 'export const load = () => import("~/domain/blog/labels");\n')).toEqual([
      expect.stringContaining("import() dynamique"),
    ]);
    expect(
      await layerErrors("app/domain/funding/components/example.tsx", 'export const load = () => import("../../formations/labels");\n'),
    ).toHaveLength(1);
    // No other domain imports leads.
    expect(
      await layerErrors("app/domain/formations/example.ts", 'import { toCsv } from "~/domain/leads/leads.server";\nvoid toCsv;\n'),
    ).toHaveLength(1);
  });

  it("accepts a declared domain, the domain itself, and a file of the domain named like another domain", async () => {
    expect(
      await layerErrors(
        "app/domain/registrations/example.ts",
        'import { MODALITY_LABELS } from "~/domain/formations/labels";\nimport { seatsLabel } from "../formations/session-links";\nexport const load = () => import("~/domain/settings/settings.server");\nvoid MODALITY_LABELS;\nvoid seatsLabel;\n',
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        "app/domain/funding/components/example.tsx",
        'import { OPCO_NAMES } from "../opco-list";\nimport { x } from "../search";\nimport { y } from "~/domain/funding/labels";\nvoid OPCO_NAMES;\nvoid x;\nvoid y;\n',
      ),
    ).toEqual([]);
  });

  it("lists every domain of app/domain/, and only domains", () => {
    const folders = readdirSync(path.join(root, "app/domain"), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    const domains = Object.keys(DOMAIN_DEPENDENCIES);
    expect(domains).toEqual(expect.arrayContaining(folders));
    for (const [domain, imported] of Object.entries(DOMAIN_DEPENDENCIES)) {
      expect(domains).toContain(domain);
      for (const other of imported) expect(domains, `${domain} → ${other}`).toContain(other);
      expect(imported).not.toContain(domain);
    }
  });

  it("has no cycle, so no two domains import each other", () => {
    // Kahn: take away, again and again, the domains that import nothing left; a cycle is what remains.
    const left = new Map(Object.entries(DOMAIN_DEPENDENCIES).map(([domain, imported]) => [domain, new Set(imported)]));
    for (let done = false; !done;) {
      done = true;
      for (const [domain, imported] of left) {
        if ([...imported].some((other) => left.has(other))) continue;
        left.delete(domain);
        done = false;
      }
    }
    expect([...left.keys()]).toEqual([]);
  });

  it("covers every domain file with the relative-path rule (eslint.config.js writes it four folders down)", () => {
    const deepest = (dir: string): number =>
      Math.max(
        0,
        ...readdirSync(dir, { withFileTypes: true })
          .filter((e) => e.isDirectory())
          .map((e) => 1 + deepest(path.join(dir, e.name))),
      );
    for (const domain of Object.keys(DOMAIN_DEPENDENCIES).filter((d) => existsSync(path.join(root, "app/domain", d)))) {
      expect(deepest(path.join(root, "app/domain", domain)), domain).toBeLessThanOrEqual(4);
    }
  });
});

describe("thin routes", () => {
  it("refuses db() and the db module in a route module, by alias, relative path or dynamic import()", async () => {
    expect(
      await layerErrors(
        "app/routes/admin/example.tsx",
        'import { db } from "~/platform/db/db.server";\nexport const rows = () => db().selectFrom("users");\n',
      ),
    ).toEqual([expect.stringContaining("fonction du domaine"), expect.stringContaining("n'appelle pas db()")]);
    expect(
      await layerErrors("app/routes/site/example.tsx", 'import { nowIso } from "../../platform/db/db.server";\nvoid nowIso;\n'),
    ).toEqual([expect.stringContaining("docs/architecture.md#couches")]);
    expect(await layerErrors("app/routes/example.ts", 'export const load = () => import("~/platform/db/db.server");\n')).toHaveLength(1);
    expect(await layerErrors("app/routes/admin/example.tsx", "declare const db: () => unknown;\nexport const rows = db();\n")).toHaveLength(
      1,
    );
    // The domain keeps its database; a route still imports the rest of app/platform/db (the actor type).
    expect(
      await layerErrors("app/domain/blog/example.ts", 'import { db } from "~/platform/db/db.server";\nexport const rows = () => db();\n'),
    ).toEqual([]);
    expect(
      await layerErrors("app/routes/admin/example.tsx", 'import type { Actor } from "~/platform/db/actor";\nexport type A = Actor;\n'),
    ).toEqual([]);
  });

  const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const value${i} = ${i};`).join("\n") + "\n";
  const maxLines = async (file: string, code: string) =>
    ((await eslint.lintText(code, { filePath: path.join(root, file) }))[0]?.messages ?? []).filter((m) => m.ruleId === "max-lines");

  it("refuses a route module over 250 lines, and only route modules", async () => {
    expect(await maxLines("app/routes/site/example.tsx", lines(250))).toEqual([]);
    expect(await maxLines("app/routes/admin/example.tsx", lines(251))).toEqual([expect.objectContaining({ ruleId: "max-lines" })]);
    expect(await maxLines("app/domain/blog/example.ts", lines(300))).toEqual([]);
  });
});
