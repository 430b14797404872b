import { data } from "react-router";
import { redirectWithToast } from "~/platform/toast/flash.server";
import { FieldValidationError, NotFoundError } from "~/platform/validation/errors";
import type { PublishIntent } from "~/ui/form/publish-control";
import { toCompleteLabels } from "./completeness.server";
import { createFormation, getFormationById, setFormationStatus, updateFormation, type Actor } from "./formations.server";

/**
 * What the formation editor's buttons do (the shared publishing control): « Enregistrer le
 * brouillon » saves a draft with whatever it holds (a title is enough); « Publier maintenant »
 * applies the full publication checks first; « Dépublier » takes the formation back to a draft.
 * Changes to a published formation keep it publishable, so they are checked in full too.
 */
export async function saveFromEditor(id: string | undefined, values: Record<string, unknown>, intent: PublishIntent, actor: Actor) {
  try {
    const current = id ? await getFormationById(id) : undefined;
    if (id && !current) throw new NotFoundError();
    // Unpublishing comes first: the content is then saved as a draft's.
    if (intent === "unpublish" && current) await setFormationStatus([current.id], "draft", { actor });
    const draft = intent === "unpublish" || (intent !== "publish" && current?.status !== "published");
    const formation = id ? await updateFormation(id, values, { actor, draft }) : await createFormation(values, { actor, draft });
    if (intent === "publish") await setFormationStatus([formation.id], "published", { actor });
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
    return redirectWithToast(`/admin/formations/${formation.id}`, { kind: "success", ...toast }, { data: { saved: intent } });
  } catch (error) {
    if (error instanceof FieldValidationError) return data({ errors: error.fieldErrors, values, intent }, { status: 400 });
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}
