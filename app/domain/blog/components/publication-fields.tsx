import { SelectField, type FormValues } from "~/ui/form/editor-fields";

/**
 * The author of a post. Its status and date are set by the shared publishing control
 * (`~/ui/form/publish-control`) at the bottom of the editor.
 */
export function PublicationFields({
  values,
  errors,
  authors,
  organisationName,
}: {
  values: FormValues;
  errors: Record<string, string>;
  authors: Array<{ id: string; displayName: string }>;
  organisationName: string;
}) {
  return (
    <SelectField
      name="authorId"
      label="Auteur"
      values={values}
      errors={errors}
      hint="Un membre de l'équipe (éditeur ou administrateur). Sans auteur nommé, l'article est signé par l'organisme."
      options={[
        { value: "", label: `${organisationName} (sans auteur nommé)` },
        ...authors.map((a) => ({ value: a.id, label: a.displayName })),
      ]}
    />
  );
}
