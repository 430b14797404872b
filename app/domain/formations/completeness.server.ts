import { db, type Db } from "~/platform/db/db.server";
import { getFormationById } from "./formations.server";
import { COLUMN_BY_FIELD } from "./columns";
import { publicationProblems, type Formation } from "./model";

/**
 * What a draft still lacks to be published, as the labels of its fields (« Résumé », « Durée
 * (heures) »…): shown in the admin list and the editor, for drafts created by an import.
 */

export function toCompleteLabels(f: Formation): string[] {
  const fields = Object.keys(publicationProblems(f)).map((path) => path.split(".")[0]!);
  return [...new Set(fields.map((field) => COLUMN_BY_FIELD.get(field)?.label ?? field))];
}

/** For the given formations (a page of the admin list): what each draft lacks, by id; complete ones are left out. */
export async function toCompleteOf(ids: string[], target: Db = db()): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const id of ids) {
    const f = await getFormationById(id, target);
    const labels = f ? toCompleteLabels(f) : [];
    if (labels.length > 0) out[id] = labels;
  }
  return out;
}
