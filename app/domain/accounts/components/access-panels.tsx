import type { Lockout } from "~/platform/auth/sign-in-throttle.server";
import { formatDateTimeShort } from "~/platform/format";
import { AdminTable, Badge, RowAction } from "./admin-parts";

function failures(n: number): string {
  return `${n}\u00a0mot${n > 1 ? "s" : ""} de passe erroné${n > 1 ? "s" : ""}`;
}

/** The sign-in locks in force, each of which an admin may lift. */
export function LockoutsTable({ lockouts }: { lockouts: Lockout[] }) {
  if (lockouts.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">Aucun blocage en cours.</p>;
  return (
    <AdminTable caption="Connexions bloquées" columns={["Blocage", "Adresse IP", "Cause", "Jusqu'au", ""]}>
      {lockouts.map((l) => {
        const what = l.kind === "pair" ? `${l.email} depuis ${l.address}` : `l'adresse ${l.address}`;
        return (
          <tr key={l.key} className="align-top" data-testid={`lockout-${l.email ?? l.address}`}>
            <td className="px-3 py-3">
              {l.kind === "pair" ? (
                <>
                  <Badge tone="amber">Compte</Badge>
                  <p className="mt-1 text-sm break-all">{l.email}</p>
                </>
              ) : (
                <Badge tone="red">Adresse IP, tous comptes</Badge>
              )}
            </td>
            <td className="px-3 py-3 font-mono text-sm break-all">{l.address}</td>
            <td className="px-3 py-3 text-sm">{failures(l.failures)}</td>
            <td className="px-3 py-3 text-sm whitespace-nowrap">
              <time dateTime={l.lockedUntil}>{formatDateTimeShort(l.lockedUntil)}</time>
            </td>
            <td className="px-3 py-3">
              <RowAction intent="unlock" target={l.key} label="Débloquer" hiddenLabel={what} />
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}

/** Public sign-up: off by default; an admin opens or closes it. */
export function SignUpSetting({ open }: { open: boolean }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="space-y-1 text-sm">
        <p data-testid="sign-up-state">
          <Badge tone={open ? "green" : "grey"}>{open ? "Ouvertes" : "Fermées"}</Badge>{" "}
          {open
            ? "Tout visiteur peut créer un compte de lecteur depuis la page de connexion, après avoir confirmé son adresse e-mail."
            : "La page de connexion ne propose pas de créer un compte\u00a0: l'équipe arrive par invitation."}
        </p>
      </div>
      <RowAction
        intent="sign-up"
        target="sign-up"
        fields={{ open: open ? "false" : "true" }}
        label={open ? "Fermer les inscriptions" : "Ouvrir les inscriptions"}
        hiddenLabel="en ligne"
      />
    </div>
  );
}
