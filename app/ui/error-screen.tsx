import { useNavigate } from "react-router";
import { Button } from "./button";

/** The generic error screen, worded exactly as docs/spec.md#comportement. */
export function ErrorScreen({ requestId }: { requestId?: string }) {
  const navigate = useNavigate();
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
      {requestId ? <p className="mt-8 text-xs text-slate-500 dark:text-slate-400">Référence de l'incident : {requestId}</p> : null}
    </section>
  );
}
