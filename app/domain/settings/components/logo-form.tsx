import { Form } from "react-router";
import { Button } from "~/ui/button";
import { FieldError } from "~/ui/form/fields";
import { schemaValidator, useForm, type SubmissionReply } from "~/ui/form/use-form";

const loadValidator = () => import("../model").then((m) => schemaValidator(m.logoFormSchema));

/**
 * The organisation's logo in /admin/parametres: SVG or PNG, shown in the header instead of the site's
 * mark. The shared form pattern: the action checks the file with the same schema (missing, too large),
 * then its content; a refusal shows beside the field.
 */
export function LogoForm({ logoUrl, reply }: { logoUrl: string; reply?: SubmissionReply }) {
  const form = useForm({ id: "logo-form", reply, validator: loadValidator, focusField: true, files: true });
  const error = form.errors.logo;
  return (
    <section
      aria-labelledby="logo-title"
      className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="logo-title" className="text-lg font-semibold">
        Logo
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Affiché dans l'en-tête du site à la place de la marque par défaut. SVG (200 Ko au plus) ou PNG, de préférence sur fond transparent.
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-6">
        <div className="flex h-16 min-w-32 items-center justify-center rounded-lg border border-dashed border-slate-300 px-3 dark:border-slate-600">
          {logoUrl ? (
            <img src={logoUrl} alt="Logo actuel" className="h-10 w-auto max-w-40 object-contain" />
          ) : (
            <span className="text-sm text-slate-600 dark:text-slate-400">Aucun logo</span>
          )}
        </div>
        <Form method="post" encType="multipart/form-data" {...form.formProps} className="flex min-w-0 max-w-full flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="logo" />
          <div className="min-w-0 max-w-full">
            <label htmlFor="org-logo" className="block text-sm font-medium">
              Fichier du logo
            </label>
            <input
              id="org-logo"
              name="logo"
              type="file"
              accept="image/svg+xml,image/png,image/webp,image/jpeg"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "org-logo-error" : undefined}
              className="mt-1 block max-w-full text-sm"
            />
            <FieldError id="org-logo-error" error={error} />
          </div>
          <Button type="submit" size="sm">
            Envoyer le logo
          </Button>
        </Form>
        {logoUrl ? (
          <Form method="post">
            <input type="hidden" name="intent" value="logo-remove" />
            <Button type="submit" size="sm" variant="dangerGhost">
              Retirer le logo
            </Button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}
