import { redirect } from "react-router";
import type { Route } from "./+types/registration-received";
import { PageIntro } from "~/domain/content/components";
import { PRIVATE_CACHE_CONTROL } from "~/platform/http/cache-control";
import { readFlash } from "~/platform/toast/flash.server";

/**
 * /inscription/recue: the answer to a registration sent while the database was unavailable. It was
 * kept in the local spool (docs/decisions/0010-lead-spool.md) and its seat is taken when the
 * database answers again; this page needs no database (the reference comes from the flash cookie).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const flash = (await readFlash(request))?.data;
  if (flash?.kind !== "inscription-differee" || !flash.reference) throw redirect("/formations");
  return { reference: flash.reference };
}

export function headers() {
  return { "Cache-Control": PRIVATE_CACHE_CONTROL, "X-Robots-Tag": "noindex" };
}

export function meta() {
  return [{ title: "Inscription reçue" }, { name: "robots", content: "noindex" }];
}

export default function RegistrationReceivedPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro eyebrow="Inscription" title="Votre inscription est bien reçue" />
      <div className="mx-auto max-w-3xl px-4 py-10">
        <section
          aria-labelledby="inscription-differee"
          className="rounded-2xl border border-emerald-300 bg-emerald-50 p-6 sm:p-8 dark:border-emerald-800 dark:bg-emerald-950/50"
        >
          <h2 id="inscription-differee" className="text-2xl font-bold text-emerald-900 dark:text-emerald-100">
            Nous avons bien reçu votre inscription
          </h2>
          <p className="mt-4 text-lg text-slate-800 dark:text-slate-200">
            Votre référence&nbsp;:{" "}
            <strong className="font-mono text-slate-950 dark:text-white" data-testid="reference">
              {loaderData.reference}
            </strong>
          </p>
          <div className="mt-4 space-y-3 text-slate-700 dark:text-slate-300">
            <p>
              Notre site rencontre un incident technique passager&nbsp;: votre inscription est conservée, mais votre place n'est pas encore
              attribuée. Elle le sera automatiquement dès la fin de l'incident, dans l'ordre d'arrivée des inscriptions.
            </p>
            <p>
              <strong>Votre place vous sera confirmée par e-mail</strong>, avec le résumé de l'inscription et le fichier d'agenda
              (.ics)&nbsp;; si la session s'est remplie entre-temps, l'e-mail vous indiquera votre rang sur la liste d'attente.
            </p>
            <p>Inutile de renvoyer le formulaire&nbsp;: un second envoi ne créerait pas de seconde inscription.</p>
          </div>
        </section>
      </div>
    </>
  );
}
