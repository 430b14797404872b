import { Form } from "react-router";
import { formatDateTimeShort, formatDayRange } from "~/platform/format";
import { Button } from "~/ui/button";
import { Field, SelectField, controlProps } from "~/ui/form/fields";
import { inputClass } from "~/ui/form/input-class";
import { schemaValidator, useForm, type SubmissionReply } from "~/ui/form/use-form";
import { Link } from "~/ui/link";
import { TRAINER_FILE_KINDS, isExternal, type TrainerStatus } from "../labels";

const loadValidator = () => import("../model").then((m) => schemaValidator(m.trainerFileSchema));

const link = "font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300";

/** A size in French: « 245 Ko », « 1,2 Mo ». */
function sizeLabel(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))}\u00a0Ko`;
  return `${(bytes / (1024 * 1024)).toLocaleString("fr-FR", { maximumFractionDigits: 1 })}\u00a0Mo`;
}

/**
 * The trainer's CV and diplomas (Code du travail L6352-1): each to download (staff only) or delete,
 * and the form that sends one, a PDF or an image of 10 Mo at most, checked by the same schema in
 * the browser and on the server (which reads the content too).
 */
export function TrainerPieces({
  trainerId,
  files,
  reply,
}: {
  trainerId: string;
  files: Array<{ id: string; kindLabel: string; filename: string; size: number; createdAt: string }>;
  reply: SubmissionReply | undefined;
}) {
  const form = useForm({ id: "piece-form", reply, validator: loadValidator, focusField: true, files: true });
  const fileError = form.errors.file;
  return (
    <section aria-labelledby="pieces" className="space-y-3">
      <h2 id="pieces" className="text-lg font-semibold">
        CV et diplômes
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Les justificatifs des titres et qualités du formateur, tenus à la disposition des clients, des stagiaires et de l'auditeur Qualiopi.
        Visibles par l'équipe seulement, supprimés avec la fiche du formateur.
      </p>
      {files.length ? (
        <ul className="space-y-2 text-sm">
          {files.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center gap-3">
              <a href={`/admin/formateurs/${trainerId}/pieces/${f.id}`} className={link} download>
                {f.kindLabel}&nbsp;: {f.filename}
              </a>
              <span className="text-slate-700 dark:text-slate-300">
                {sizeLabel(f.size)}, ajouté le {formatDateTimeShort(f.createdAt)}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="piece-supprimer" />
                <input type="hidden" name="pieceId" value={f.id} />
                <Button type="submit" variant="secondary" size="sm" aria-label={`Supprimer ${f.filename}`}>
                  Supprimer
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">Aucune pièce pour l'instant.</p>
      )}
      <Form
        method="post"
        encType="multipart/form-data"
        {...form.formProps}
        className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
      >
        <input type="hidden" name="intent" value="piece" />
        <SelectField
          form="piece-form"
          name="kind"
          label="Nature"
          required
          defaultValue="cv"
          error={form.errors.kind}
          groups={[{ options: Object.entries(TRAINER_FILE_KINDS).map(([value, label]) => ({ value, label })) }]}
        />
        <Field form="piece-form" name="file" label="Fichier (PDF ou image, 10 Mo au plus)" required error={fileError} className="min-w-0">
          <input
            type="file"
            accept="application/pdf,image/jpeg,image/png,image/webp"
            {...controlProps({ form: "piece-form", name: "file", required: true, error: fileError })}
            className={inputClass(fileError, "mt-1.5 block max-w-full text-sm")}
          />
        </Field>
        <Button type="submit">Envoyer la pièce</Button>
      </Form>
    </section>
  );
}

/**
 * The trainer's lettres de mission (salaried) or contrats de sous-traitance (external), per
 * session taught: generate one (a new version replaces the previous one) and download each.
 */
export function TrainerMissions({
  status,
  sessions,
  documents,
}: {
  status: TrainerStatus;
  sessions: Array<{ sessionId: string; formationTitle: string; startDate: string; endDate: string }>;
  documents: Array<{ id: string; number: string; sessionId: string; version: number; replaced: boolean; createdAt: string }>;
}) {
  const label = isExternal(status) ? "contrat de sous-traitance" : "lettre de mission";
  return (
    <section aria-labelledby="missions" className="space-y-3">
      <h2 id="missions" className="text-lg font-semibold">
        {isExternal(status) ? "Contrats de sous-traitance" : "Lettres de mission"}
      </h2>
      {sessions.length ? (
        <ul className="space-y-3 text-sm">
          {sessions.map((s) => {
            const mine = documents.filter((d) => d.sessionId === s.sessionId);
            const what = `${s.formationTitle}, ${formatDayRange(s.startDate, s.endDate)}`;
            return (
              <li key={s.sessionId} className="space-y-1">
                <div className="flex flex-wrap items-center gap-3">
                  <Link to={`/admin/sessions/${s.sessionId}/documents`} className={link}>
                    {what}
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="intent" value="document-formateur" />
                    <input type="hidden" name="sessionId" value={s.sessionId} />
                    <Button type="submit" variant="secondary" size="sm" aria-label={`Générer le ${label}\u00a0: ${what}`}>
                      Générer le {label}
                    </Button>
                  </Form>
                </div>
                {mine.length ? (
                  <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label={`Documents\u00a0: ${what}`}>
                    {mine.map((d) => (
                      <li key={d.id} className={d.replaced ? "text-slate-600 dark:text-slate-400" : undefined}>
                        <a href={`/admin/documents/${d.id}/pdf`} className={link} download>
                          {d.number}
                        </a>{" "}
                        (v{d.version}, {formatDateTimeShort(d.createdAt)}
                        {d.replaced ? ", remplacé" : ""})
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">Aucune session affectée&nbsp;: rien à générer.</p>
      )}
    </section>
  );
}
