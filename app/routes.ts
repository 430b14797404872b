import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** The route table mirrors the spec's route list (§2). */
export default [
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("simple", "routes/site/simple.tsx"),
  route("api/page-view", "routes/api/page-view.ts"),
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("certification-qualiopi", "routes/site/certification-qualiopi.tsx"),
    route("temoignages", "routes/site/temoignages.tsx"),
    route("pourquoi-nous-choisir", "routes/site/pourquoi-nous-choisir.tsx"),
    route("accessibilite", "routes/site/accessibilite.tsx"),
    route("mentions-legales", "routes/site/mentions-legales.tsx"),
    route("politique-confidentialite", "routes/site/politique-confidentialite.tsx"),
    route("conditions-utilisation", "routes/site/conditions-utilisation.tsx"),
    route("politique-cookies", "routes/site/politique-cookies.tsx"),
    route("test", "routes/site/test.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
] satisfies RouteConfig;
