import { useState } from "react";
import {
  FieldError,
  SelectField,
  describedBy,
  fieldId,
  inputClass,
  valueAt,
  type FormValues,
} from "~/domain/formations/components/editor-fields";
import { BLOG_STATUSES, BLOG_STATUS_LABELS, type BlogStatus } from "../labels";

const HINTS: Record<BlogStatus, string> = {
  draft: "Invisible des visiteurs ; l'équipe peut le prévisualiser depuis l'administration.",
  scheduled: "L'article paraît de lui-même à la date et à l'heure indiquées (heure de Paris), sans autre action.",
  published: "Visible de tous dès l'enregistrement. Sans date, la date de publication est maintenant ; une date future le programme.",
};

/** Status (draft, scheduled, published), publication date and time (Paris) and author of a post. */
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
  const [status, setStatus] = useState<BlogStatus>(() => {
    const v = valueAt(values, "status");
    return (BLOG_STATUSES as readonly string[]).includes(v) ? (v as BlogStatus) : "draft";
  });
  const dateId = fieldId("publishedAt");
  const dateError = errors.publishedAt;
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={fieldId("status")} className="block text-sm font-semibold text-slate-900 dark:text-white">
            Statut <span aria-hidden="true">*</span>
          </label>
          <p id={`${fieldId("status")}-aide`} className="mt-0.5 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {HINTS[status]}
          </p>
          <select
            id={fieldId("status")}
            name="status"
            value={status}
            onChange={(e) => setStatus(e.target.value as BlogStatus)}
            aria-invalid={errors.status ? true : undefined}
            aria-describedby={describedBy("status", { error: errors.status, hint: true })}
            className={inputClass(errors.status)}
          >
            {BLOG_STATUSES.map((s) => (
              <option key={s} value={s}>
                {BLOG_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
          <FieldError name="status" error={errors.status} />
        </div>
        <div>
          <label htmlFor={dateId} className="block text-sm font-semibold text-slate-900 dark:text-white">
            Date et heure de publication (heure de Paris)
            {status === "scheduled" ? <span aria-hidden="true"> *</span> : null}
          </label>
          <p id={`${dateId}-aide`} className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
            {status === "scheduled" ? "Obligatoire pour un article programmé." : "Facultative : maintenant si vide."}
          </p>
          <input
            id={dateId}
            name="publishedAt"
            type="datetime-local"
            step={1}
            defaultValue={valueAt(values, "publishedAt")}
            required={status === "scheduled"}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={describedBy("publishedAt", { error: dateError, hint: true })}
            className={inputClass(dateError)}
          />
          <FieldError name="publishedAt" error={dateError} />
        </div>
      </div>
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
    </>
  );
}
