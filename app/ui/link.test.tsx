import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
// The reference output: React Router's own <Link>, which this test compares against.
// eslint-disable-next-line no-restricted-imports
import { Link as RouterLink, MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Link, type LinkProps } from "./link";
import { InServerHtml } from "./server-html";

/** The HTML the server writes for a link of a ServerHtml part, and the one React Router's <Link> writes. */
function both(props: LinkProps): { ours: string; router: string } {
  const page = (link: ReactElement) => renderToString(<MemoryRouter initialEntries={["/formations"]}>{link}</MemoryRouter>);
  return {
    ours: page(
      <InServerHtml.Provider value={true}>
        <Link {...props} />
      </InServerHtml.Provider>,
    ),
    router: page(<RouterLink {...props} />),
  };
}

describe("links of a ServerHtml part (docs/decisions/0020-server-render-of-read-only-parts.md)", () => {
  it.each<[string, LinkProps]>([
    ["a plain link", { to: "/formations/excel", children: "Excel" }],
    [
      "classes, label and title",
      { to: "/blog/cpf", className: "underline", "aria-label": "Lire l'article", title: "CPF", children: "Lire" },
    ],
    ["a query and a fragment", { to: "/formations?ville=lyon#sessions", children: "Lyon" }],
    ["a target", { to: "/documents", target: "_blank", rel: "noopener", children: "Ouvrir" }],
    [
      "prefetch on intent (ignored on the first load: the part is not hydrated)",
      { to: "/formations/excel", prefetch: "intent", children: "Excel" },
    ],
    [
      "replace, state and scroll options (they act only on a client navigation)",
      { to: "/blog", replace: true, state: { from: 1 }, preventScrollReset: true, children: "Blog" },
    ],
  ])("%s: the same HTML as React Router's <Link>", (_, props) => {
    const { ours, router } = both(props);
    expect(ours).toBe(router);
  });

  it("outside a ServerHtml part, and for relative or document-reloading links, it is React Router's <Link>", () => {
    for (const props of [
      { to: "excel", children: "relatif" },
      { to: "/formations", reloadDocument: true, children: "rechargement" },
    ] satisfies LinkProps[]) {
      const { ours, router } = both(props);
      expect(ours).toBe(router);
    }
    const outside = renderToString(
      <MemoryRouter>
        <Link to="/formations">Catalogue</Link>
      </MemoryRouter>,
    );
    expect(outside).toBe(renderToString(<MemoryRouter>{<RouterLink to="/formations">Catalogue</RouterLink>}</MemoryRouter>));
  });
});
