import { Form } from "react-router";
import { Button } from "~/ui/button";
import { ChoiceGroup, SelectField } from "~/ui/form/fields";
import { Link } from "~/ui/link";
import type { SessionTrainerPanel } from "../trainers.server";

/**
 * The trainers of a session on its admin page: who teaches which half-days, and the form to assign
 * one (every half-day by default, or the ones ticked). A double booking is refused with the other
 * session's name beside the field.
 */
export function SessionTrainers({
  panel,
  reply,
}: {
  panel: SessionTrainerPanel;
  reply: { ok: boolean; message: string; errors?: Record<string, string>; values?: Record<string, unknown> } | undefined;
}) {
  const mine = reply && !reply.ok && reply.values?.intent === "formateur-affecter" ? reply : undefined;
  return (
    <section aria-labelledby="formateurs" className="max-w-3xl space-y-3">
      <h2 id="formateurs" className="text-lg font-semibold">
        Formateurs
      </h2>
      {panel.assigned.length ? (
        <ul className="space-y-2">
          {panel.assigned.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center gap-3">
              <span>
                <Link to={`/admin/formateurs/${a.id}`} className="font-medium text-brand-700 underline dark:text-brand-300">
                  {a.name}
                </Link>{" "}
                <span className="text-sm text-slate-700 dark:text-slate-300">
                  {a.complete ? "toute la session" : a.halfDays.join(" ; ")}
                </span>
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="formateur-retirer" />
                <input type="hidden" name="trainerId" value={a.id} />
                <Button type="submit" variant="secondary" size="sm" aria-label={`Retirer ${a.name} de la session`}>
                  Retirer
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-700 dark:text-slate-300">Aucun formateur affecté&#8239;: les documents nomment l'organisme.</p>
      )}
      {panel.available.length ? (
        <Form method="post" className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800" noValidate>
          <input type="hidden" name="intent" value="formateur-affecter" />
          <SelectField
            form="affecter-formateur"
            name="trainerId"
            label="Affecter un formateur"
            required
            placeholder="Choisir…"
            defaultValue={String(mine?.values?.trainerId ?? "")}
            error={mine?.errors?.trainerId ?? mine?.errors?._form}
            groups={[{ options: panel.available.map((t) => ({ value: t.id, label: t.name })) }]}
          />
          <ChoiceGroup
            form="affecter-formateur"
            name="halfDays"
            label="Demi-journées"
            hint="Aucune cochée&#8239;: toute la session."
            type="checkbox"
            error={mine?.errors?.halfDays}
            groups={[{ options: panel.halfDays }]}
            selected={[]}
            listClassName="sm:columns-2"
          />
          <Button type="submit">Affecter</Button>
        </Form>
      ) : (
        <p className="text-sm">
          <Link to="/admin/formateurs" className="text-brand-700 underline dark:text-brand-300">
            Ajouter un formateur
          </Link>
        </p>
      )}
    </section>
  );
}
