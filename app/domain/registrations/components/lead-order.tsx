import { Link } from "~/ui/link";
import type { OrderSession } from "../from-lead.server";

/** On a quote request: turn it into an order, a registration on a session chosen by staff, prefilled from the request. */
export function LeadOrderSection({ leadId, sessions }: { leadId: string; sessions: OrderSession[] }) {
  return (
    <section aria-labelledby="commande" className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <h2 id="commande" className="text-lg font-semibold">
        Transformer en inscription
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Choisissez la session : le formulaire d'inscription s'ouvre prérempli avec cette demande, et l'inscription créée en garde la trace.
        La convention, les convocations et les certificats se font ensuite depuis l'inscription.
      </p>
      {sessions.length ? (
        <ul className="mt-3 space-y-1 text-sm">
          {sessions.map((s) => (
            <li key={s.id}>
              <Link
                to={`/admin/sessions/${s.id}?devis=${leadId}#ajout`}
                className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
              >
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm">Aucune session à venir : ajoutez-en une dans la fiche de la formation.</p>
      )}
    </section>
  );
}
