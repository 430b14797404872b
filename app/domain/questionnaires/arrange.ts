/**
 * The editor's buttons that change the list of questions without saving (« Ajouter une question »,
 * « Monter », « Descendre », « Retirer »): the posted form, rearranged, to show again. Null when
 * `intent` is none of them. They work the same with and without JavaScript.
 */
export function arrangeQuestions(
  intent: string,
  values: Record<string, unknown>,
): { values: Record<string, unknown>; message: string } | null {
  const questions = (Array.isArray(values.questions) ? values.questions : []) as Array<Record<string, unknown>>;
  const list = [...questions];
  const unsaved = "\u00a0: enregistrez pour garder la modification.";
  if (intent === "ajouter") {
    if (list.length >= 40) return { values, message: "40 questions au plus." };
    list.push({ id: "", kind: "note", label: "", help: "", required: "", options: "", expected: "", role: "" });
    return { values: { ...values, questions: list }, message: `Question ${list.length} ajoutée${unsaved}` };
  }
  const match = /^(monter|descendre|retirer)-(\d{1,3})$/.exec(intent);
  if (!match) return null;
  const index = Number(match[2]);
  if (index >= list.length) return { values, message: "Cette question n'existe plus." };
  if (match[1] === "retirer") {
    list.splice(index, 1);
    return { values: { ...values, questions: list }, message: `Question ${index + 1} retirée${unsaved}` };
  }
  const to = match[1] === "monter" ? index - 1 : index + 1;
  if (to < 0 || to >= list.length) return { values, message: "Cette question ne peut pas aller plus loin." };
  [list[index], list[to]] = [list[to]!, list[index]!];
  return { values: { ...values, questions: list }, message: `Question ${index + 1} déplacée${unsaved}` };
}
