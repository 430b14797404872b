import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { CheckboxField, TextAreaField } from "~/ui/form/fields";
import type { SignerPage } from "../signatures.server";
import { CodeField, CodeRequest, keptValue, linkClass, panel, ReplyMessage, StateBadge, type SignatureReply } from "./staff-screens";

/**
 * /espace/signatures/{id}: the signer reads the document, asks for a code, ticks « J'ai lu et
 * j'accepte » and signs (drawing a signature is optional: `drawing`, the attendance's pad); or
 * refuses with a reason. Once signed, the document to download.
 */
export function SignerPanel({ page, reply, drawing }: { page: SignerPage; reply?: SignatureReply; drawing: ReactNode }) {
  const busy = useNavigation().state === "submitting";
  const pdf = `/espace/signatures/${page.id}/document.pdf`;
  const errors = reply?.intent === "signer" ? reply.errors : undefined;
  const signedNow = reply?.ok && reply.intent === "signer";
  return (
    <div className="space-y-8">
      <section className={panel} aria-labelledby="document-titre">
        <h2 id="document-titre" className="text-lg font-semibold">
          {page.title} n°&nbsp;{page.number}
        </h2>
        <p className="mt-2 text-sm">
          État&nbsp;: <StateBadge state={page.state} locked={page.locked} />
          {page.state === "envoye" && page.expiresLabel ? ` — à signer avant le ${page.expiresLabel}.` : ""}
        </p>
        {page.refusalReason ? <p className="mt-2 text-sm">Raison du refus&nbsp;: {page.refusalReason}</p> : null}
        {page.signedAtLabel ? <p className="mt-2 text-sm">Signé le {page.signedAtLabel}.</p> : null}
        <iframe
          src={`${pdf}?lire=1`}
          title={`${page.title} ${page.number} (PDF)`}
          className="mt-4 hidden h-[32rem] w-full rounded-lg border border-slate-200 sm:block dark:border-slate-700"
        />
        <p className="mt-3">
          <a href={pdf} className={linkClass} data-testid="document-a-signer" download>
            {page.hasSealed ? "Télécharger le document signé et scellé (PDF)" : "Lire le document (PDF)"}
          </a>
        </p>
      </section>

      {signedNow ? (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 p-4 font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
          data-testid="signature-enregistree"
        >
          {reply.message}
        </p>
      ) : null}

      {page.canSign ? (
        <>
          <section className={panel} aria-labelledby="signer-titre">
            <h2 id="signer-titre" className="text-lg font-semibold">
              Signer
            </h2>
            <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
              <li>Lisez le document ci-dessus.</li>
              <li>Recevez un code à six chiffres à votre adresse e-mail (valable 10&nbsp;minutes).</li>
              <li>Saisissez-le, cochez «&nbsp;J'ai lu et j'accepte&nbsp;» et signez.</li>
            </ol>
            <CodeRequest
              className="mt-4"
              busy={busy}
              label={page.codeSentTo ? "Recevoir un nouveau code" : "Recevoir le code par e-mail"}
              reply={reply}
            />
            <Form method="post" className="mt-6 space-y-4">
              <input type="hidden" name="intent" value="signer" />
              <CodeField error={errors?.code} />
              <CheckboxField form="signer" name="accepte" label="J'ai lu et j'accepte ce document." required error={errors?.accepte} />
              {drawing}
              <Button type="submit" disabled={busy}>
                Signer le document
              </Button>
              <ReplyMessage reply={reply} intent="signer" />
            </Form>
          </section>
          <section className={panel} aria-labelledby="refuser-titre">
            <h2 id="refuser-titre" className="text-lg font-semibold">
              Refuser de signer
            </h2>
            <Form method="post" className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="refuser" />
              <TextAreaField
                form="refuser"
                name="motif"
                label="Raison du refus"
                hint="Elle est transmise à l'organisme, qui pourra vous proposer un document corrigé."
                required
                rows={3}
                defaultValue={keptValue(reply, "refuser", "motif")}
                error={reply?.intent === "refuser" ? reply.errors?.motif : undefined}
              />
              <Button type="submit" variant="dangerGhost" disabled={busy}>
                Refuser de signer
              </Button>
              <ReplyMessage reply={reply} intent="refuser" />
            </Form>
          </section>
        </>
      ) : page.locked ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          Trop de codes erronés&nbsp;: la demande est bloquée. Demandez à l'organisme de vous l'envoyer à nouveau.
        </p>
      ) : null}
    </div>
  );
}
