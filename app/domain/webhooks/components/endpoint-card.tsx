import { Form } from "react-router";
import { Button } from "~/ui/button";
import { formatDateTimeShort } from "~/platform/format";
import { DELIVERY_STATE_LABELS, WEBHOOK_EVENT_LABELS } from "../labels";
import type { WebhookDeliveryRow, WebhookEndpoint } from "../model";

/** One endpoint of /admin/webhooks: its state, its events, its actions and its delivery log. */
export function EndpointCard({ endpoint, deliveries }: { endpoint: WebhookEndpoint; deliveries: WebhookDeliveryRow[] }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900" data-testid="webhook-endpoint">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-mono text-sm break-all">{endpoint.url}</p>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {endpoint.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(", ")}
          </p>
          {endpoint.active ? (
            <p className="mt-1 text-sm text-emerald-800 dark:text-emerald-300">
              Actif
              {endpoint.consecutiveFailures
                ? ` — ${endpoint.consecutiveFailures}\u00a0échec${endpoint.consecutiveFailures > 1 ? "s" : ""} d'affilée`
                : ""}
            </p>
          ) : (
            <p className="mt-1 text-sm font-semibold text-red-800 dark:text-red-200" role="status">
              Désactivé{endpoint.disabledReason ? `\u00a0: ${endpoint.disabledReason}` : "."}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="id" value={endpoint.id} />
            <Button type="submit" name="intent" value={endpoint.active ? "deactivate" : "activate"} variant="secondary">
              {endpoint.active ? "Désactiver" : "Réactiver"}
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="id" value={endpoint.id} />
            <Button type="submit" name="intent" value="delete" variant="dangerGhost">
              Supprimer
            </Button>
          </Form>
        </div>
      </div>
      <h3 className="mt-4 text-sm font-semibold">Derniers envois</h3>
      {deliveries.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Aucun envoi pour l&apos;instant.</p>
      ) : (
        <div className="mt-2 overflow-x-auto" role="region" aria-label="Derniers envois (défile horizontalement)" tabIndex={0}>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="text-slate-600 dark:text-slate-400">
                <th scope="col" className="py-1 pr-3 font-medium">
                  Date
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Événement
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  État
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Code HTTP
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Essais
                </th>
                <th scope="col" className="py-1 font-medium">
                  <span className="sr-only">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((d) => (
                <tr key={d.id} className="border-t border-slate-200 dark:border-slate-800" data-testid="webhook-delivery">
                  <td className="py-1.5 pr-3 whitespace-nowrap">
                    <time dateTime={d.createdAt}>{formatDateTimeShort(d.createdAt)}</time>
                  </td>
                  <td className="py-1.5 pr-3">{WEBHOOK_EVENT_LABELS[d.type as keyof typeof WEBHOOK_EVENT_LABELS] ?? d.type}</td>
                  <td className="py-1.5 pr-3" title={d.lastError || undefined}>
                    {DELIVERY_STATE_LABELS[d.state] ?? d.state}
                    {d.lastError ? <span className="block text-xs text-slate-600 dark:text-slate-400">{d.lastError}</span> : null}
                  </td>
                  <td className="py-1.5 pr-3 tabular-nums">{d.lastStatus ?? "—"}</td>
                  <td className="py-1.5 pr-3 tabular-nums">{d.attempts}</td>
                  <td className="py-1.5">
                    <Form method="post">
                      <input type="hidden" name="id" value={d.id} />
                      <Button type="submit" name="intent" value="resend" variant="secondary" size="sm">
                        Renvoyer
                      </Button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </li>
  );
}
