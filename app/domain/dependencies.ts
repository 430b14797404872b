/**
 * Which domain may import which (docs/architecture.md#dépendances-entre-domaines): each domain of
 * app/domain/ with the domains it imports. A domain always imports itself; any other import of a
 * domain makes `npm run lint` fail (eslint.config.js generates its `no-restricted-imports` and
 * `no-restricted-syntax` rules from this table; app/layers.test.ts proves it). The table has no
 * cycle, so no two domains import each other: a screen that needs two domains composes them in its
 * route or in app/composition/. Every folder of app/domain/ is listed here.
 *
 * Plain TypeScript without anything to compile away: eslint.config.js imports it as it is
 * (Node strips the types).
 */
export const DOMAIN_DEPENDENCIES: Record<string, readonly string[]> = {
  audit: [],
  webhooks: ["audit"],
  accounts: ["audit"],
  revisions: ["audit"],
  settings: ["audit", "revisions"],
  cities: ["audit"],
  funding: ["audit", "revisions"],
  content: ["accounts", "audit", "revisions", "settings"],
  formations: ["audit", "cities", "content", "funding", "revisions", "settings", "webhooks"],
  "catalogue-import": ["audit", "cities", "formations", "funding", "settings"],
  "catalogue-feed": ["formations", "settings"],
  search: ["formations"],
  blog: ["audit", "formations", "revisions", "settings"],
  registrations: ["audit", "content", "formations", "funding", "revisions", "settings", "webhooks"],
  trainers: ["audit", "registrations", "revisions", "settings"],
  attendance: ["audit", "content", "registrations", "settings", "trainers", "webhooks"],
  documents: ["attendance", "audit", "formations", "registrations", "revisions", "settings", "trainers"],
  complaints: ["audit", "settings"],
  questionnaires: ["audit", "content", "formations", "registrations", "settings"],
  invoices: ["audit", "formations", "funding", "registrations", "settings", "webhooks"],
  signatures: ["audit", "documents", "registrations", "settings", "webhooks"],
  // Imported by no other domain.
  space: [
    "attendance",
    "audit",
    "complaints",
    "content",
    "documents",
    "formations",
    "invoices",
    "questionnaires",
    "registrations",
    "settings",
    "signatures",
    "trainers",
  ],
  leads: ["audit", "complaints", "content", "formations", "funding", "settings", "webhooks"],
  bpf: ["attendance", "audit", "formations", "invoices", "registrations", "settings", "trainers"],
};
