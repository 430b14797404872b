import { Form } from "react-router";
import { formatDateTimeShort } from "~/platform/format";
import { Button } from "~/ui/button";
import { SelectField, TextAreaField, TextField } from "~/ui/form/fields";
import { Link } from "~/ui/link";
import { VAT_CHOICES } from "../quote";
import type { LeadQuote } from "../quote.server";

export type QuoteReply = {
  ok: boolean;
  message: string;
  intent?: string;
  errors?: Record<string, string>;
  values?: Record<string, unknown>;
};

/** A devis's signature, as the signatures screens say it (composed by the route). */
export interface QuoteSignature {
  id: string;
  number: string;
  stateLabel: string;
  signed: boolean;
}

const linkClass = "font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300";

/**
 * On a quote request: « Établir le devis » (formation or session, trainees, price, VAT, validity,
 * conditions), the devis made, and for each its signature and, once signed, the registration the
 * request turns into.
 */
export function QuoteSection({
  leadId,
  formations,
  sessions,
  trainees,
  quotes,
  signatures,
  defaultValidity,
  reply,
  busy,
}: {
  leadId: string;
  formations: Array<{ slug: string; title: string }>;
  sessions: Array<{ id: string; label: string }>;
  trainees: number | null;
  quotes: LeadQuote[];
  signatures: QuoteSignature[];
  defaultValidity: string;
  reply?: QuoteReply;
  busy: boolean;
}) {
  const errors = reply?.intent === "devis" ? reply.errors : undefined;
  // What was typed comes back with a refusal (without JavaScript too): nothing is lost.
  const typed = reply?.intent === "devis" && !reply.ok ? (reply.values ?? {}) : {};
  const kept = (name: string, fallback = "") => (typeof typed[name] === "string" ? (typed[name] as string) : fallback);
  return (
    <section aria-labelledby="devis-titre" className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <h2 id="devis-titre" className="text-lg font-semibold">
        Devis
      </h2>
      {quotes.length ? (
        <ul className="mt-2 space-y-2 text-sm" data-testid="devis-liste">
          {quotes.map((q) => {
            const signature = signatures.find((s) => s.number === q.number);
            return (
              <li key={q.id}>
                <a href={`/admin/documents/${q.id}/pdf`} className={linkClass}>
                  {q.number}
                </a>{" "}
                (version {q.version}, {formatDateTimeShort(q.createdAt)}){q.replaced ? " — remplacé" : ""}
                {signature ? (
                  <>
                    {" — "}
                    <Link to={`/admin/signatures/${signature.id}`} className={linkClass}>
                      {signature.stateLabel}
                    </Link>
                  </>
                ) : !q.replaced ? (
                  <>
                    {" — "}
                    <Link to={`/admin/signatures?document=${q.id}`} className={linkClass}>
                      Envoyer pour signature
                    </Link>
                  </>
                ) : null}
                {q.signed && q.sessionId ? (
                  <>
                    {" — "}
                    <Link to={`/admin/sessions/${q.sessionId}?devis=${leadId}#ajout`} className={linkClass}>
                      Devis signé&nbsp;: créer l'inscription
                    </Link>
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Aucun devis établi pour cette demande.</p>
      )}
      <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value="devis" />
        <SelectField
          form="devis"
          name="session"
          label="Session"
          className="sm:col-span-2"
          hint="Ou laissez vide et indiquez la formation et les dates."
          placeholder="Aucune session précise"
          defaultValue={kept("session")}
          groups={[{ options: sessions.map((s) => ({ value: s.id, label: s.label })) }]}
          error={errors?.session}
        />
        <SelectField
          form="devis"
          name="formation"
          label="Formation"
          placeholder="Choisissez…"
          groups={[{ options: formations.map((f) => ({ value: f.slug, label: f.title })) }]}
          defaultValue={kept("formation", formations[0]?.slug ?? "")}
          error={errors?.formation}
        />
        <TextField
          form="devis"
          name="dates"
          label="Dates (sans session)"
          hint={"Exemple\u00a0: en avril 2027, deux jours."}
          defaultValue={kept("dates")}
          error={errors?.dates}
        />
        <TextField
          form="devis"
          name="stagiaires"
          label="Nombre de stagiaires"
          type="number"
          inputMode="numeric"
          required
          defaultValue={kept("stagiaires", String(trainees ?? 1))}
          error={errors?.stagiaires}
        />
        <TextField
          form="devis"
          name="prix"
          label="Prix par stagiaire (€)"
          inputMode="decimal"
          required
          defaultValue={kept("prix")}
          error={errors?.prix}
        />
        <SelectField
          form="devis"
          name="tva"
          label="TVA"
          required
          defaultValue={kept("tva", "exonere")}
          groups={[{ options: VAT_CHOICES.map((c) => ({ value: c.value, label: c.label })) }]}
          error={errors?.tva}
        />
        <TextField
          form="devis"
          name="validite"
          label="Valable jusqu'au"
          type="date"
          required
          defaultValue={kept("validite", defaultValidity)}
          error={errors?.validite}
        />
        <TextAreaField
          form="devis"
          name="conditions"
          label="Conditions"
          className="sm:col-span-2"
          hint="Par défaut, les modalités de paiement des réglages des documents."
          rows={3}
          defaultValue={kept("conditions")}
          error={errors?.conditions}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy}>
            {quotes.length ? "Établir un nouveau devis" : "Établir le devis"}
          </Button>
          {reply?.intent === "devis" ? (
            <p role={reply.ok ? "status" : "alert"} className="mt-2 text-sm font-medium">
              {reply.message}
            </p>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
