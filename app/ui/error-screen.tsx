import { createContext, useContext, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "./button";

/**
 * The id of the failing request, given by the server render of an error page only (never part of
 * the loader data: a page kept in the shared cache must not carry one visitor's reference to all).
 */
export const IncidentReferenceContext = createContext<string | undefined>(undefined);

const REFERENCE_ID = "incident-reference";

/** On the server, from the render; in the browser, read back from the page the server sent (hydration). */
function useIncidentReference(): string | undefined {
  const fromRender = useContext(IncidentReferenceContext);
  const [fromPage] = useState(() =>
    typeof document === "undefined" ? undefined : document.getElementById(REFERENCE_ID)?.dataset.reference,
  );
  return fromRender ?? fromPage;
}

/** The generic error screen, worded exactly as docs/spec.md#comportement. */
export function ErrorScreen() {
  const navigate = useNavigate();
  const requestId = useIncidentReference();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center" aria-labelledby="error-title">
      <h1 id="error-title" className="text-3xl font-bold tracking-tight">
        Une erreur est survenue
      </h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300">Désolé, quelque chose s'est mal passé. Essayez de recharger la page.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => navigate(0)}>Réessayer</Button>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Recharger la page
        </Button>
      </div>
      {requestId ? (
        <p id={REFERENCE_ID} data-reference={requestId} className="mt-8 text-xs text-slate-500 dark:text-slate-400">
          Référence de l'incident : {requestId}
        </p>
      ) : null}
    </section>
  );
}
