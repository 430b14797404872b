import { z } from "zod";
import { WEBHOOK_EVENTS, type WebhookEventType } from "./labels";

/**
 * Webhooks (docs/decisions/0013-webhooks.md): the events an endpoint may receive, their French
 * labels, and the endpoint form. The registration events are emitted by the registrations area.
 */
export { DELIVERY_STATE_LABELS, WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS, WEBHOOK_LABELS, type WebhookEventType } from "./labels";

const toArray = (v: unknown) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]);

export const endpointSchema = z.object({
  url: z
    .string({ error: "L'adresse est obligatoire." })
    .trim()
    .min(1, "L'adresse est obligatoire.")
    .max(2000, "L'adresse ne dépasse pas 2\u00a0000 caractères.")
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === "https:" || u.protocol === "http:") && !u.username && !u.password;
      } catch {
        return false;
      }
    }, "Indiquez une adresse complète en https://…, sans identifiant ni mot de passe."),
  secret: z
    .string({ error: "Le secret est obligatoire." })
    .trim()
    .min(16, "Le secret compte au moins 16\u00a0caractères.")
    .max(200, "Le secret ne dépasse pas 200\u00a0caractères."),
  events: z.preprocess(
    toArray,
    z.array(z.enum(WEBHOOK_EVENTS, { error: "Événement inconnu." })).min(1, "Choisissez au moins un événement."),
  ),
});
export type EndpointInput = z.output<typeof endpointSchema>;

/** The buttons of an endpoint or a delivery on /admin/webhooks. */
export const endpointRowActionSchema = z.object({
  intent: z.enum(["activate", "deactivate", "delete", "resend"], { error: "Action inconnue." }),
  id: z.string().min(1, "Élément inconnu.").max(64),
});
export type EndpointRowAction = z.output<typeof endpointRowActionSchema>;

export interface WebhookEndpoint {
  id: string;
  url: string;
  events: WebhookEventType[];
  active: boolean;
  consecutiveFailures: number;
  disabledAt: string | null;
  disabledReason: string;
  createdAt: string;
}

export interface WebhookDeliveryRow {
  id: string;
  eventId: string;
  type: string;
  state: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string;
  nextAttemptAt: string;
  deliveredAt: string | null;
  createdAt: string;
}
