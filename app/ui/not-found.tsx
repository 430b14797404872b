import { ButtonLink } from "./button";

/** The not-found page, rendered with HTTP status 404 for every unknown path or record. */
export function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center" aria-labelledby="not-found-title">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">Erreur 404</p>
      <h1 id="not-found-title" className="mt-2 text-3xl font-bold tracking-tight">
        Page introuvable
      </h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300">
        La page que vous cherchez n'existe pas ou a été déplacée. Vérifiez l'adresse, ou repartez de l'un de ces liens.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">Retour à l'accueil</ButtonLink>
        <ButtonLink to="/formations" variant="secondary">
          Voir les formations
        </ButtonLink>
        <ButtonLink to="/contact" variant="ghost">
          Nous contacter
        </ButtonLink>
      </div>
    </section>
  );
}
