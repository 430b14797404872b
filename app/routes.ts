import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** The route table mirrors the spec's route list (§2). */
export default [
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("simple", "routes/site/simple.tsx"),
  route("api/page-view", "routes/api/page-view.ts"),
  route("api/auth/*", "routes/auth/api.ts"),
  route("api/account/export", "routes/auth/account-export.ts"),
  // Admin area: every child is guarded by the layout's loader (editor or admin) and by its own.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("utilisateurs", "routes/admin/utilisateurs.tsx"),
    route("parametres", "routes/admin/parametres.tsx"),
    route("journal", "routes/admin/journal.tsx"),
  ]),
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("login", "routes/auth/login.tsx"),
    route("certification-qualiopi", "routes/site/certification-qualiopi.tsx"),
    route("temoignages", "routes/site/temoignages.tsx"),
    route("pourquoi-nous-choisir", "routes/site/pourquoi-nous-choisir.tsx"),
    route("accessibilite", "routes/site/accessibilite.tsx"),
    route("mentions-legales", "routes/site/mentions-legales.tsx"),
    route("politique-confidentialite", "routes/site/politique-confidentialite.tsx"),
    route("conditions-utilisation", "routes/site/conditions-utilisation.tsx"),
    route("politique-cookies", "routes/site/politique-cookies.tsx"),
    route("financement", "routes/site/financement.tsx"),
    route("financement/:slug", "routes/site/financement-detail.tsx"),
    route("simulateur-opco", "routes/site/simulateur-opco.tsx"),
    route("devis", "routes/site/devis.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("test", "routes/site/test.tsx"),
    route("formations", "routes/site/formations.tsx"),
    route("formations/ville/:city", "routes/site/formations-ville.tsx"),
    route("formations/:slug", "routes/site/formation.tsx"),
    route("comparatif", "routes/site/comparatif-choix.tsx"),
    route("comparatif/:pair", "routes/site/comparatif.tsx"),
    // `/formation-{category}/{city}` (spec §2): any other two-segment path that no route above claims lands here and is a 404.
    route(":category/:city", "routes/site/categorie-ville.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
] satisfies RouteConfig;
