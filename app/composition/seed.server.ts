import { db, type Db } from "~/platform/db/db.server";
import { seedDemoAccounts } from "~/domain/accounts/bootstrap.server";
import { seedFormations } from "~/domain/formations/seed.server";
import { recordFormationBaselines } from "~/domain/formations/formations.server";
import { recordPostBaselines } from "~/domain/blog/blog.server";
import { recordClaimBaselines } from "~/domain/content/claims.server";
import { seedBlog } from "~/domain/blog/seed.server";
import { seedDemoClaims } from "~/domain/content/claims-demo.server";
import { seedDemoLegalDocuments } from "~/domain/revisions/legal-documents.server";
import { log } from "~/platform/log.server";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import { saveOrganisation } from "~/domain/settings/settings.server";
import { seedDefaultRules } from "~/domain/funding/rules.server";
import { indexStaticPages } from "~/domain/search/search.server";
import { staticSearchDocuments } from "./search-sources.server";
import { ensureOrganisationQuestionnaires } from "~/domain/questionnaires/questionnaires.server";

/**
 * Seed steps, one per area. Each step is idempotent: it only adds what is missing, so it can
 * run any number of times and never overwrites an editor's work.
 * - "reference" steps hold data the site needs to work (the simulator's funding rules): they run
 *   at every startup, so a database created before the area existed gets them too;
 * - "demo" steps add demonstration content: into an empty database at startup, or by `npm run seed`.
 */
const steps: Array<{ name: string; kind: "reference" | "demo"; run: (target: Db) => Promise<number> }> = [
  {
    // Development only (NODE_ENV=development): one account per role, printed in the log.
    name: "demo-accounts",
    kind: "demo",
    run: (target) => seedDemoAccounts(target),
  },
  {
    name: "organisation",
    kind: "demo",
    async run(target) {
      const existing = await target.selectFrom("settings").select("key").where("key", "=", "organisation").executeTakeFirst();
      if (existing) return 0;
      await saveOrganisation(DEMO_ORGANISATION, target);
      return 1;
    },
  },
  {
    name: "funding-rules",
    kind: "reference",
    run: (target) => seedDefaultRules(target),
  },
  {
    // The ready-made questionnaires (à chaud, à froid, client, trainer, financer) the organisation
    // adapts: written once from their templates, never over an editor's version.
    name: "questionnaires",
    kind: "reference",
    run: (target) => ensureOrganisationQuestionnaires(target),
  },
  {
    // The site-wide search's pages whose text is in the code, rewritten at every startup (a release may
    // change them); counted only when they were missing. Database pages are indexed by triggers.
    name: "search-pages",
    kind: "reference",
    async run(target) {
      const before = await target
        .selectFrom("search_documents")
        .select("seq")
        .where("kind", "in", ["funding", "page"])
        .limit(1)
        .executeTakeFirst();
      const written = await indexStaticPages(staticSearchDocuments(), target);
      return before ? 0 : written;
    },
  },
  {
    name: "formations",
    kind: "demo",
    run: (target) => seedFormations(target),
  },
  {
    // After "formations": articles link to demo formations by slug.
    name: "blog",
    kind: "demo",
    run: (target) => seedBlog(target),
  },
  {
    // Invented testimonials, figures and arguments, marked is_demo (never in a SEED_DEMO=0 site).
    name: "claims",
    kind: "demo",
    run: (target) => seedDemoClaims(target),
  },
  {
    // Demonstration CGV and règlement intérieur, marked is_demo (the go-live checklist lists them).
    name: "legal-documents",
    kind: "demo",
    run: (target) => seedDemoLegalDocuments(target),
  },
  {
    // Last: content that has no revision yet (seeded above, or saved before the history existed) gets
    // one, as it now is, so that the history and the Qualiopi evidence pack start from a known state.
    name: "revisions",
    kind: "reference",
    run: (target) =>
      target.transaction().execute(async (trx) => {
        const summary = "État enregistré à l'ouverture de l'historique.";
        return (
          (await recordFormationBaselines(trx, summary)) +
          (await recordPostBaselines(trx, summary)) +
          (await recordClaimBaselines(trx, summary))
        );
      }),
  },
];

async function runSteps(kinds: Array<"reference" | "demo">, target: Db): Promise<Record<string, number>> {
  const added: Record<string, number> = {};
  for (const step of steps) if (kinds.includes(step.kind)) added[step.name] = await step.run(target);
  return added;
}

/** `npm run seed`: reference data and demo content, whatever the database holds. */
export function seed(target: Db = db()): Promise<Record<string, number>> {
  return runSteps(["reference", "demo"], target);
}

/**
 * At startup: reference data always (only what is missing); demo content only into a database
 * that has no content yet, and only when SEED_DEMO is on.
 */
export async function seedAtStartup({ demo }: { demo: boolean }, target: Db = db()): Promise<void> {
  const empty = !(await target.selectFrom("settings").select("key").limit(1).executeTakeFirst());
  const added = await runSteps(demo && empty ? ["reference", "demo"] : ["reference"], target);
  if (Object.values(added).some((n) => n > 0)) {
    log.info(demo && empty ? "Contenu de démonstration ajouté" : "Données de référence complétées", added);
  }
}
