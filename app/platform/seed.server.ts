import { db, type Db } from "./db/db.server";
import { seedDemoAccounts } from "~/domain/accounts/bootstrap.server";
import { seedFormations } from "~/domain/formations/seed.server";
import { log } from "./log.server";
import { DEMO_ORGANISATION } from "~/domain/settings/model";
import { saveOrganisation } from "~/domain/settings/settings.server";
import { seedDefaultRules } from "~/domain/funding/rules.server";

/**
 * Demo content, one step per area. Each step is idempotent: it only adds what is missing,
 * so `npm run seed` can run any number of times and never overwrites an editor's work.
 */
const steps: Array<{ name: string; run: (target: Db) => Promise<number> }> = [
  {
    // Development only (NODE_ENV=development): one account per role, printed in the log.
    name: "demo-accounts",
    run: (target) => seedDemoAccounts(target),
  },
  {
    name: "organisation",
    async run(target) {
      const existing = await target.selectFrom("settings").select("key").where("key", "=", "organisation").executeTakeFirst();
      if (existing) return 0;
      await saveOrganisation(DEMO_ORGANISATION, target);
      return 1;
    },
  },
  {
    name: "funding-rules",
    run: (target) => seedDefaultRules(target),
  },
  {
    name: "formations",
    run: (target) => seedFormations(target),
  },
];

export async function seed(target: Db = db()): Promise<Record<string, number>> {
  const added: Record<string, number> = {};
  for (const step of steps) added[step.name] = await step.run(target);
  return added;
}

/** At startup: seeds only a database that has no content yet. */
export async function seedIfEmpty(target: Db = db()): Promise<void> {
  const any = await target.selectFrom("settings").select("key").limit(1).executeTakeFirst();
  if (any) return;
  const added = await seed(target);
  log.info("Contenu de démonstration ajouté", added);
}
