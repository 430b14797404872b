import { z } from "zod";
import { recordAudit, type AuditInput } from "~/domain/audit/audit.server";
import { recordRevision } from "~/domain/revisions/revisions.server";
import { db, nowIso, type Db } from "~/platform/db/db.server";
import { log } from "~/platform/log.server";
import type { FundingRulesTable } from "~/platform/db/schema";
import { DEFAULT_RULES } from "./default-rules";
import { describeRuleChange, fundingRuleSchema, type FundingRule } from "./model";
import { HEADCOUNT_BANDS, type HeadcountBand } from "./labels";
import { OPCO_SLUGS, type OpcoSlug } from "./opco-list";

const ORDER_OPCO = new Map<string, number>(OPCO_SLUGS.map((s, i) => [s, i]));
const ORDER_BAND = new Map<string, number>(HEADCOUNT_BANDS.map((s, i) => [s, i]));

function toCents(euros: number | null): number | null {
  return euros === null ? null : Math.round(euros * 100);
}

function fromCents(cents: number | null): number | null {
  return cents === null || cents === undefined ? null : Number(cents) / 100;
}

function rowToRule(row: FundingRulesTable): FundingRule | undefined {
  let schemes: unknown;
  try {
    schemes = JSON.parse(row.schemes);
  } catch {
    schemes = undefined;
  }
  const parsed = fundingRuleSchema.safeParse({
    opco: row.opco,
    band: row.band,
    planFunded: Number(row.plan_funded) === 1,
    hourlyCap: fromCents(row.hourly_cap_cents),
    annualCeiling: fromCents(row.annual_ceiling_cents),
    schemes,
    checkedOn: row.checked_on,
    note: row.note,
  });
  if (!parsed.success) {
    // A row that no longer fits the schema is left out: the simulator then says it has no rule.
    log.warn("Règle de financement illisible, ignorée", { opco: row.opco, band: row.band, issues: z.prettifyError(parsed.error) });
    return undefined;
  }
  return parsed.data;
}

function ruleToRow(rule: FundingRule, updatedAt: string): FundingRulesTable {
  return {
    opco: rule.opco,
    band: rule.band,
    plan_funded: rule.planFunded ? 1 : 0,
    hourly_cap_cents: toCents(rule.hourlyCap),
    annual_ceiling_cents: toCents(rule.annualCeiling),
    schemes: JSON.stringify(rule.schemes),
    checked_on: rule.checkedOn,
    note: rule.note,
    updated_at: updatedAt,
  };
}

/** Every stored rule, valid ones only, in the OPCO list's order then by headcount band. */
export async function listRules(target: Db = db()): Promise<FundingRule[]> {
  const rows = await target.selectFrom("funding_rules").selectAll().execute();
  return rows
    .map(rowToRule)
    .filter((r): r is FundingRule => r !== undefined)
    .sort((a, b) => ORDER_OPCO.get(a.opco)! - ORDER_OPCO.get(b.opco)! || ORDER_BAND.get(a.band)! - ORDER_BAND.get(b.band)!);
}

export async function listRulesForOpco(opco: OpcoSlug, target: Db = db()): Promise<FundingRule[]> {
  return (await listRules(target)).filter((r) => r.opco === opco);
}

export async function getRule(opco: OpcoSlug, band: HeadcountBand, target: Db = db()): Promise<FundingRule | undefined> {
  const row = await target.selectFrom("funding_rules").selectAll().where("opco", "=", opco).where("band", "=", band).executeTakeFirst();
  return row ? rowToRule(row) : undefined;
}

/** Validates then inserts or replaces one rule; throws a ZodError (French messages) when invalid. */
export async function saveRule(input: unknown, target: Db = db()): Promise<FundingRule> {
  const rule = fundingRuleSchema.parse(input);
  const row = ruleToRow(rule, nowIso());
  await target
    .insertInto("funding_rules")
    .values(row)
    .onConflict((oc) =>
      oc.columns(["opco", "band"]).doUpdateSet({
        plan_funded: row.plan_funded,
        hourly_cap_cents: row.hourly_cap_cents,
        annual_ceiling_cents: row.annual_ceiling_cents,
        schemes: row.schemes,
        checked_on: row.checked_on,
        note: row.note,
        updated_at: row.updated_at,
      }),
    )
    .execute();
  return rule;
}

/** Saves several rules in one transaction: all or nothing. */
export async function saveRules(inputs: unknown[], target: Db = db()): Promise<FundingRule[]> {
  const rules = inputs.map((input) => fundingRuleSchema.parse(input));
  return target.transaction().execute(async (trx) => {
    for (const rule of rules) await saveRule(rule, trx);
    return rules;
  });
}

/** Seed step: adds the documented defaults that are missing; never overwrites an admin's edit. */
export async function seedDefaultRules(target: Db = db()): Promise<number> {
  const existing = await target.selectFrom("funding_rules").select(["opco", "band"]).execute();
  const have = new Set(existing.map((r) => `${r.opco}|${r.band}`));
  const missing = DEFAULT_RULES.filter((r) => !have.has(`${r.opco}|${r.band}`));
  if (missing.length === 0) return 0;
  const at = nowIso();
  await target
    .insertInto("funding_rules")
    .values(missing.map((r) => ruleToRow(r, at)))
    .onConflict((oc) => oc.columns(["opco", "band"]).doNothing())
    .execute();
  return missing.length;
}

/**
 * An admin's edit of one OPCO's rules: validated, saved and audited in one transaction, one
 * audit entry per changed band. Returns the audit sentences (empty when nothing changed).
 */
export async function updateRulesAudited(inputs: unknown[], actor: AuditInput["actor"], target: Db = db()): Promise<string[]> {
  const rules = inputs.map((input) => fundingRuleSchema.parse(input));
  return target.transaction().execute(async (trx) => {
    const changes: string[] = [];
    for (const rule of rules) {
      const before = await getRule(rule.opco, rule.band, trx);
      const summary = describeRuleChange(before, rule);
      if (!summary) continue;
      await saveRule(rule, trx);
      const entityId = `${rule.opco}:${rule.band}`;
      const revisionId = await recordRevision(trx, {
        entityType: "funding_rule",
        entityId,
        content: rule,
        published: true,
        title: `${rule.opco.toUpperCase()} (${rule.band})`,
        actor,
        summary,
      });
      await recordAudit(trx, { actor, action: "update", entity: "funding_rule", entityId, summary, revisionId });
      changes.push(summary);
    }
    return changes;
  });
}
