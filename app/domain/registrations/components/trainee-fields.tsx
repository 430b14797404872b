import { Trash2 } from "lucide-react";
import type { FieldErrors } from "~/platform/validation/errors";
import { buttonClass } from "~/ui/button";
import { TextField } from "~/ui/form/fields";
import { INTENT_FIELD, INTENT_REMOVE_PREFIX } from "../labels";

/**
 * One trainee's fields (`stagiaires.<i>.…`) and, when there are several rows, the button that removes
 * the row: the public registration form and the registrant's own page both show them.
 */
export function TraineeFields({
  formId,
  index: i,
  row,
  count,
  errors,
  fonctionHint,
}: {
  formId: string;
  index: number;
  row: Record<string, unknown>;
  /** How many rows the form shows. */
  count: number;
  errors: FieldErrors;
  fonctionHint?: string;
}) {
  const field = (key: string) => (typeof row[key] === "string" ? (row[key] as string) : "");
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          form={formId}
          name={`stagiaires.${i}.prenom`}
          label="Prénom"
          required
          defaultValue={field("prenom")}
          error={errors[`stagiaires.${i}.prenom`]}
        />
        <TextField
          form={formId}
          name={`stagiaires.${i}.nom`}
          label="Nom"
          required
          defaultValue={field("nom")}
          error={errors[`stagiaires.${i}.nom`]}
        />
        <TextField
          form={formId}
          name={`stagiaires.${i}.email`}
          label="E-mail"
          type="email"
          required
          defaultValue={field("email")}
          error={errors[`stagiaires.${i}.email`]}
        />
        <TextField
          form={formId}
          name={`stagiaires.${i}.fonction`}
          label="Fonction"
          hint={fonctionHint}
          defaultValue={field("fonction")}
          error={errors[`stagiaires.${i}.fonction`]}
        />
      </div>
      {count > 1 ? (
        <button
          type="submit"
          name={INTENT_FIELD}
          value={`${INTENT_REMOVE_PREFIX}${i}`}
          formNoValidate
          className={buttonClass("ghost", "sm", "mt-3")}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Retirer le stagiaire {i + 1}
        </button>
      ) : null}
    </>
  );
}
