import { Link } from "~/ui/link";
import { signerPath } from "../model";

/** The space's home: the documents sent to this person for signature (a section only when there is one). */
export function SignerRequestsList({ requests }: { requests: Array<{ id: string; label: string; stateLabel: string }> }) {
  if (!requests.length) return null;
  return (
    <section aria-labelledby="signatures-titre" className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
      <h2 id="signatures-titre" className="text-lg font-bold text-slate-900 dark:text-white">
        Documents à signer
      </h2>
      <ul className="mt-3 space-y-2">
        {requests.map((r) => (
          <li key={r.id}>
            <Link to={signerPath(r.id)} className="underline">
              {r.label}
            </Link>{" "}
            — {r.stateLabel}
          </li>
        ))}
      </ul>
    </section>
  );
}
