/** The discreet mark of live data a background refresh could not update (docs/spec.md#requetes). */
export function StaleNotice({ stale }: { stale?: boolean }) {
  return (
    <p role="status" className="text-sm text-amber-800 dark:text-amber-300" data-testid="stale-notice">
      {stale ? "Données non actualisées" : ""}
    </p>
  );
}
