import { Form } from "react-router";
import { formatDateTime } from "~/platform/format";
import { Button } from "~/ui/button";
import { Link } from "~/ui/link";
import type { SpaceAccessRow } from "../space.server";

/**
 * Staff's view of one registration's space (/admin/inscriptions/{id}/espace): send the link of the
 * space to the contact or a trainee, and the last accesses (pseudonymous ids of the client address).
 */
export function AdminSpacePanel({
  sessionId,
  cancelled,
  people,
  accesses,
}: {
  sessionId: string;
  cancelled: boolean;
  people: Array<{ email: string; name: string; role: "contact" | "stagiaire" }>;
  accesses: SpaceAccessRow[];
}) {
  return (
    <div className="space-y-8">
      <p>
        <Link to={`/admin/sessions/${encodeURIComponent(sessionId)}`}>← Retour à la session</Link>
      </p>
      <section aria-labelledby="envoyer-lien" className="space-y-3">
        <h2 id="envoyer-lien" className="text-lg font-semibold">
          Envoyer le lien de l'espace
        </h2>
        {cancelled ? (
          <p>Cette inscription est annulée&nbsp;: son espace est fermé.</p>
        ) : (
          <>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              La personne reçoit par e-mail un lien de connexion, valable 15&nbsp;minutes et utilisable une fois, qui ouvre sa page de cette
              inscription.
            </p>
            <ul className="space-y-2">
              {people.map((p) => (
                <li key={`${p.role}-${p.email}`} className="flex flex-wrap items-center gap-3">
                  <span>
                    {p.name} ({p.role}) — <span className="break-all">{p.email}</span>
                  </span>
                  <Form method="post">
                    <input type="hidden" name="email" value={p.email} />
                    <Button type="submit" size="sm" variant="secondary" aria-label={`Envoyer le lien de l'espace à ${p.name} (${p.role})`}>
                      Envoyer le lien de l'espace
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section aria-labelledby="derniers-acces" className="space-y-3">
        <h2 id="derniers-acces" className="text-lg font-semibold">
          Derniers accès à l'espace
        </h2>
        {accesses.length === 0 ? (
          <p>Aucun accès pour l'instant.</p>
        ) : (
          <div className="overflow-x-auto" role="region" aria-label="Derniers accès (défile horizontalement)" tabIndex={0}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Derniers accès à l'espace des personnes de l'inscription</caption>
              <thead>
                <tr>
                  <th scope="col" className="py-2 pr-4">
                    Date
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Personne
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Accès
                  </th>
                  <th scope="col" className="py-2">
                    Adresse (pseudonyme)
                  </th>
                </tr>
              </thead>
              <tbody>
                {accesses.map((a, i) => (
                  <tr key={i} className="border-t border-slate-200 dark:border-slate-800">
                    <td className="py-2 pr-4">{formatDateTime(a.at)}</td>
                    <td className="py-2 pr-4">{a.who}</td>
                    <td className="py-2 pr-4">{a.event}</td>
                    <td className="py-2 font-mono text-xs">{a.client}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

/** The trainer's admin page: how the trainer gets into their space, and the button that sends them its link. */
export function AdminTrainerSpace({ email, archived }: { email: string; archived: boolean }) {
  return (
    <section aria-labelledby="espace-formateur" className="space-y-3">
      <h2 id="espace-formateur" className="text-lg font-semibold">
        Espace formateur
      </h2>
      {archived ? (
        <p>Ce formateur est archivé&nbsp;: son espace est fermé.</p>
      ) : (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Le formateur ouvre son espace sur <Link to="/espace/formateur">/espace/formateur</Link> avec son adresse{" "}
            <span className="break-all">{email}</span>&nbsp;: ses sessions, leurs stagiaires (nom, prénom et entreprise), les besoins
            d'adaptation, les documents de ses sessions et son agenda. Le lien de connexion est valable 15&nbsp;minutes et ne sert qu'une
            fois.
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="espace-lien" />
            <Button type="submit" variant="secondary">
              Envoyer le lien de l'espace formateur
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}
