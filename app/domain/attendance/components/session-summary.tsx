import { Form } from "react-router";
import { Button } from "~/ui/button";
import { Link } from "~/ui/link";
import type { AttendanceSummary } from "../sheet.server";

/** The session page's attendance: per half-day begun, who signed, who is missing, and the reminder. */
export function SessionAttendanceSummary({ summary }: { summary: AttendanceSummary | null }) {
  if (!summary) return null;
  const screen = `/admin/sessions/${summary.sessionId}/emargement`;
  return (
    <section aria-labelledby="session-emargement" className="max-w-3xl space-y-3">
      <h2 id="session-emargement" className="text-lg font-semibold">
        Émargement
      </h2>
      <p>
        <Link to={screen} className="text-brand-700 underline dark:text-brand-300">
          Ouvrir l'émargement (code de la salle, statuts, contre-signature, feuille signée)
        </Link>
      </p>
      {summary.halfDays.length ? (
        <ul className="space-y-3">
          {summary.halfDays.map((h) => (
            <li key={h.slug} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
              <p className="font-medium">
                {h.label}
                {h.closed ? " — close" : ""}
              </p>
              <p className="text-sm">Ont signé&nbsp;: {h.signed.length ? h.signed.join(", ") : "personne"}</p>
              <p className="text-sm">Manquent&nbsp;: {h.missing.length ? h.missing.join(", ") : "personne"}</p>
              {!h.closed && h.missing.length ? (
                <Form method="post" action={`${screen}?d=${h.slug}`} className="mt-2">
                  <input type="hidden" name="intent" value="rappel" />
                  <input type="hidden" name="d" value={h.slug} />
                  <Button type="submit" size="sm" variant="secondary">
                    Envoyer un rappel aux absents de la signature
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">La signature ouvre au début de la première demi-journée.</p>
      )}
    </section>
  );
}
