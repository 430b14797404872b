import { NotFoundError, accepted, type Outcome } from "~/platform/validation/errors";
import type { PublishIntent } from "~/ui/form/publish-control";
import { toCompleteLabels } from "./completeness.server";
import { createFormation, getFormationById, setFormationStatus, updateFormation, type Actor } from "./formations.server";
import type { EditorSave } from "~/platform/http/editor-save.server";

/**
 * What the formation editor's buttons do (the shared publishing control): « Enregistrer le
 * brouillon » saves a draft with whatever it holds (a title is enough); « Publier maintenant »
 * applies the full publication checks first; « Dépublier » takes the formation back to a draft.
 * Changes to a published formation keep it publishable, so they are checked in full too.
 * Refused with the messages beside the fields; a formation that no longer exists throws
 * `NotFoundError`. The route turns the outcome into its answer.
 */
export async function saveFromEditor(
  id: string | undefined,
  values: Record<string, unknown>,
  intent: PublishIntent,
  actor: Actor,
): Promise<Outcome<EditorSave>> {
  const current = id ? await getFormationById(id) : undefined;
  if (id && !current) throw new NotFoundError();
  // Unpublishing comes first: the content is then saved as a draft's.
  if (intent === "unpublish" && current) await setFormationStatus([current.id], "draft", { actor });
  const draft = intent === "unpublish" || (intent !== "publish" && current?.status !== "published");
  const saved = id ? await updateFormation(id, values, { actor, draft }) : await createFormation(values, { actor, draft });
  if (!saved.ok) return saved;
  const formation = saved.value;
  if (intent === "publish") {
    const published = await setFormationStatus([formation.id], "published", { actor });
    if (!published.ok) return published;
  }
  const status = intent === "publish" ? "published" : intent === "unpublish" ? "draft" : formation.status;
  const missing = status === "draft" ? toCompleteLabels(formation).length : 0;
  const toast =
    intent === "publish"
      ? { title: "Formation publiée", description: "Elle est visible de tous sur le site." }
      : intent === "unpublish"
        ? { title: "Formation dépubliée", description: "Elle est repassée en brouillon\u00a0: les visiteurs ne la voient plus." }
        : status === "published"
          ? { title: "Formation enregistrée", description: "Les modifications sont en ligne." }
          : {
              title: "Brouillon enregistré",
              description:
                missing === 0
                  ? "La formation est prête à être publiée."
                  : `Avant de la publier, ${missing > 1 ? `${missing} champs restent` : "un champ reste"} à compléter.`,
            };
  return accepted({ id: formation.id, toast });
}
