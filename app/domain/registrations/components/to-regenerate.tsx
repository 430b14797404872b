import { Link } from "~/ui/link";
import { formatCount, formatDateTime } from "~/platform/format";

/**
 * The documents issued before the session's last move (dates, hours or place) or before its
 * trainers changed: « à régénérer », each with why, and the way to the documents page. Nothing
 * when none is.
 */
export function ToRegenerate({
  sessionId,
  documents,
}: {
  sessionId: string;
  documents: Array<{ id: string; number: string; kindLabel: string; about?: string; createdAt: string; reason?: string }>;
}) {
  if (documents.length === 0) return null;
  return (
    <section
      aria-labelledby="a-regenerer"
      className="rounded-lg border border-amber-400 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <h2 id="a-regenerer" className="text-base font-semibold">
        À régénérer : {formatCount(documents.length, "document")}
      </h2>
      <p className="mt-1">
        Depuis leur émission, la session a changé de dates, d'horaires ou de lieu, ou ses formateurs ont changé : ils ne montrent plus le
        bon programme ou les bons formateurs. Générez-en une nouvelle version (et renvoyez-la) depuis la page{" "}
        <Link to={`/admin/sessions/${sessionId}/documents`} className="underline">
          Documents
        </Link>
        .
      </p>
      <ul className="mt-2 list-disc pl-5">
        {documents.map((d) => (
          <li key={d.id}>
            {d.kindLabel}
            {d.about ? ` ${d.about}` : ""} {d.number}, du {formatDateTime(d.createdAt)} — à régénérer
            {d.reason ? ` (${d.reason})` : ""}
          </li>
        ))}
      </ul>
    </section>
  );
}
