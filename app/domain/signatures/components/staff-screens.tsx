import { Form } from "react-router";
import { formatDateTimeShort } from "~/platform/format";
import { Button } from "~/ui/button";
import { CheckboxField, SelectField, TextField } from "~/ui/form/fields";
import { Link } from "~/ui/link";
import { MAX_CODE_TRIES, STATE_LABELS, type SignatureState } from "../model";
import type { EligibleDocument, SignatureRequestView } from "../signatures.server";

/** What an action of the signatures screens answers: its message beside the form it came from. */
export type SignatureReply = {
  ok: boolean;
  message: string;
  intent?: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
};

/** A field's value sent back with its form's refusal, or its default. */
export function keptValue(reply: SignatureReply | undefined, intent: string, name: string, fallback = ""): string {
  return reply?.intent === intent && !reply.ok ? (reply.values?.[name] ?? fallback) : fallback;
}

const th = "border-b border-slate-200 px-3 py-2 text-left font-semibold dark:border-slate-700";
const td = "border-b border-slate-100 px-3 py-2 align-top dark:border-slate-800";
export const panel = "rounded-xl border border-slate-200 p-4 sm:p-5 dark:border-slate-800";
export const linkClass = "font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300";

export function ReplyMessage({ reply, intent }: { reply?: SignatureReply; intent: string }) {
  if (!reply || reply.intent !== intent) return null;
  return (
    <p
      role={reply.ok ? "status" : "alert"}
      className={`mt-2 text-sm font-medium ${reply.ok ? "text-emerald-800 dark:text-emerald-300" : "text-red-700 dark:text-red-400"}`}
    >
      {reply.message}
    </p>
  );
}

/** Asking for the one-time code by e-mail (the signer's and the organisation's signature), then what the reply says. */
export function CodeRequest({
  className,
  busy,
  label,
  reply,
}: {
  className: string;
  busy: boolean;
  label: string;
  reply?: SignatureReply;
}) {
  return (
    <>
      <Form method="post" className={className}>
        <input type="hidden" name="intent" value="code" />
        <Button type="submit" variant="secondary" disabled={busy}>
          {label}
        </Button>
      </Form>
      <ReplyMessage reply={reply} intent="code" />
    </>
  );
}

/** The one-time code's field of a signing form. */
export function CodeField({ error }: { error?: string }) {
  return (
    <TextField
      form="signer"
      name="code"
      label="Code reçu par e-mail"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      required
      error={error}
    />
  );
}

const STATE_TONES: Record<SignatureState, string> = {
  a_envoyer: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
  envoye: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
  signe_client: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  signe: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  refuse: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
  expire: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100",
  hors_plateforme: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
};

export function StateBadge({ state, locked = false }: { state: SignatureState; locked?: boolean }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_TONES[state]}`} data-testid="etat-signature">
      {STATE_LABELS[state]}
      {locked ? " — bloqué" : ""}
    </span>
  );
}

export function RequestsTable({ rows }: { rows: SignatureRequestView[] }) {
  if (!rows.length) return <p className="text-slate-700 dark:text-slate-300">Aucun document n'a encore été envoyé pour signature.</p>;
  return (
    <div className="overflow-x-auto" role="region" aria-label="Tableau des demandes, défilant horizontalement" tabIndex={0}>
      <table className="w-full min-w-[40rem] border-collapse text-sm">
        <caption className="sr-only">Demandes de signature, les plus récentes d'abord</caption>
        <thead>
          <tr>
            <th scope="col" className={th}>
              Document
            </th>
            <th scope="col" className={th}>
              Signataire
            </th>
            <th scope="col" className={th}>
              État
            </th>
            <th scope="col" className={th}>
              Préparé le
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td className={td}>
                <Link to={`/admin/signatures/${r.id}`} className={linkClass}>
                  {r.title} {r.number}
                </Link>
              </td>
              <td className={td}>
                {r.signerName}
                <br />
                <span className="text-slate-600 dark:text-slate-400">{r.signerEmail}</span>
              </td>
              <td className={td}>
                <StateBadge state={r.state} locked={r.locked} />
              </td>
              <td className={td}>{formatDateTimeShort(r.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function PrepareSection({
  documents,
  reply,
  busy,
  selected,
}: {
  documents: EligibleDocument[];
  reply?: SignatureReply;
  busy: boolean;
  selected: string;
}) {
  return (
    <section className={panel} aria-labelledby="preparer-titre">
      <h2 id="preparer-titre" className="text-lg font-semibold">
        Envoyer un document pour signature
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        La dernière version d'un devis, d'une convention ou d'un contrat déjà généré (page «&nbsp;Documents&nbsp;» de la session, ou devis
        d'une demande). Le signataire est le contact de l'inscription, le particulier d'un contrat ou l'auteur de la demande de devis.
      </p>
      {documents.length ? (
        <Form method="post" className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="preparer" />
          <SelectField
            form="preparer"
            name="document"
            label="Document"
            required
            defaultValue={selected}
            placeholder="Choisissez…"
            groups={[{ options: documents.map((d) => ({ value: d.id, label: d.label })) }]}
            error={reply?.intent === "preparer" ? reply.errors?.document : undefined}
          />
          <Button type="submit" disabled={busy}>
            Préparer la signature
          </Button>
        </Form>
      ) : (
        <p className="mt-3 text-sm">Aucun document à faire signer pour l'instant.</p>
      )}
      <ReplyMessage reply={reply} intent="preparer" />
    </section>
  );
}

export function SettingsSection({
  settings,
  canEdit,
  reply,
  busy,
}: {
  settings: { signatoryName: string; signatoryQuality: string; reminderDays: number; validityDays: number; saved: boolean };
  canEdit: boolean;
  reply?: SignatureReply;
  busy: boolean;
}) {
  const errors = reply?.intent === "reglages" ? reply.errors : undefined;
  return (
    <section className={panel} aria-labelledby="reglages-titre">
      <h2 id="reglages-titre" className="text-lg font-semibold">
        Signataire de l'organisme et relances
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Signe pour l'organisme&nbsp;: {settings.signatoryName}, {settings.signatoryQuality}, le signataire imprimé sur les documents,
        modifiable dans les{" "}
        <Link to="/admin/parametres/documents" className={linkClass}>
          réglages des documents
        </Link>
        .
      </p>
      {canEdit ? (
        <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
          <input type="hidden" name="intent" value="reglages" />
          <TextField
            form="reglages"
            name="reminderDays"
            label="Relance après (jours)"
            type="number"
            inputMode="numeric"
            required
            defaultValue={keptValue(reply, "reglages", "reminderDays", String(settings.reminderDays))}
            error={errors?.reminderDays}
          />
          <TextField
            form="reglages"
            name="validityDays"
            label="Demande ouverte pendant (jours)"
            type="number"
            inputMode="numeric"
            required
            defaultValue={keptValue(reply, "reglages", "validityDays", String(settings.validityDays))}
            error={errors?.validityDays}
          />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy}>
              Enregistrer les réglages
            </Button>
            <ReplyMessage reply={reply} intent="reglages" />
          </div>
        </Form>
      ) : (
        <p className="mt-2 text-sm">
          Relance après {settings.reminderDays}&nbsp;jours, demande ouverte {settings.validityDays}&nbsp;jours. Seul un administrateur
          change ces réglages.
        </p>
      )}
    </section>
  );
}

export function CertificateSection({
  certificate,
  canEdit,
  reply,
  busy,
}: {
  certificate: { source: string; subject: string; fingerprint: string; notAfter: string } | null;
  canEdit: boolean;
  reply?: SignatureReply;
  busy: boolean;
}) {
  const errors = reply?.intent === "certificat" ? reply.errors : undefined;
  return (
    <section className={panel} aria-labelledby="certificat-titre">
      <h2 id="certificat-titre" className="text-lg font-semibold">
        Certificat de scellement
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-testid="certificat">
        {certificate
          ? `${certificate.source === "televerse" ? "Certificat téléversé" : "Certificat auto-signé créé par le site"}\u00a0: ${certificate.subject}, valable jusqu'au ${formatDateTimeShort(certificate.notAfter)}. Empreinte SHA-256\u00a0: ${certificate.fingerprint}.`
          : "Aucun certificat pour l'instant\u00a0: le site crée un certificat auto-signé au nom de l'organisme lors de la première signature."}
      </p>
      {canEdit ? (
        <Form method="post" encType="multipart/form-data" className="mt-3 grid gap-3 sm:grid-cols-2">
          <input type="hidden" name="intent" value="certificat" />
          <TextField
            form="certificat"
            name="fichier"
            label="Fichier PKCS#12 d'une autorité de certification (.p12, .pfx)"
            type="file"
            accept=".p12,.pfx,application/x-pkcs12"
            required
            error={errors?.fichier}
          />
          <TextField
            form="certificat"
            name="motdepasse"
            label="Mot de passe du fichier"
            type="password"
            autoComplete="off"
            error={errors?.motdepasse}
          />
          <div className="sm:col-span-2">
            <Button type="submit" variant="secondary" disabled={busy}>
              Téléverser le certificat
            </Button>
            <ReplyMessage reply={reply} intent="certificat" />
          </div>
        </Form>
      ) : null}
    </section>
  );
}

export function RequestSummary({ view }: { view: SignatureRequestView }) {
  return (
    <section className={panel} aria-labelledby="demande-titre">
      <h2 id="demande-titre" className="text-lg font-semibold">
        Demande
      </h2>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
        <dt className="font-semibold">État</dt>
        <dd>
          <StateBadge state={view.state} locked={view.locked} />
        </dd>
        <dt className="font-semibold">Dossier</dt>
        <dd>
          {view.leadId ? (
            <Link to={`/admin/devis/${view.leadId}`} className={linkClass}>
              Demande de devis
            </Link>
          ) : view.sessionId ? (
            <Link to={`/admin/sessions/${view.sessionId}/documents`} className={linkClass}>
              Documents de la session
            </Link>
          ) : (
            "—"
          )}
        </dd>
        <dt className="font-semibold">Signataire</dt>
        <dd>
          {view.signerName} ({view.signerEmail})
        </dd>
        <dt className="font-semibold">Envoyé le</dt>
        <dd>{view.sentAt ? formatDateTimeShort(view.sentAt) : "Pas encore envoyé"}</dd>
        {view.expiresAt ? (
          <>
            <dt className="font-semibold">Ouvert jusqu'au</dt>
            <dd>{formatDateTimeShort(view.expiresAt)}</dd>
          </>
        ) : null}
        <dt className="font-semibold">Codes erronés</dt>
        <dd>
          {view.failedTries} sur {MAX_CODE_TRIES}
          {view.locked ? "\u00a0: demande bloquée, envoyez-la à nouveau pour la débloquer." : ""}
        </dd>
        {view.refusalReason ? (
          <>
            <dt className="font-semibold">Raison du refus</dt>
            <dd>{view.refusalReason}</dd>
          </>
        ) : null}
        {view.signedAt ? (
          <>
            <dt className="font-semibold">Signé le</dt>
            <dd>{formatDateTimeShort(view.signedAt)}</dd>
          </>
        ) : null}
      </dl>
      {view.signers.length ? (
        <>
          <h3 className="mt-4 font-semibold">Signatures</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {view.signers.map((s) => (
              <li key={s.role}>
                {s.role === "client" ? "Client" : "Organisme"}&nbsp;: {s.name}
                {s.quality ? `, ${s.quality}` : ""} — {s.signedAtLabel}, depuis {s.ip || "adresse inconnue"}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <a href={`/admin/signatures/${view.id}/telecharger/document.pdf`} className={linkClass} data-testid="telecharger-document">
          {view.hasSealed ? "Télécharger le PDF scellé" : "Télécharger le document"}
        </a>
        {view.hasScan ? (
          <a href={`/admin/signatures/${view.id}/telecharger/scan`} className={linkClass}>
            Télécharger le scan signé ({view.scanName})
          </a>
        ) : null}
        <a href={`/admin/signatures/${view.id}/telecharger/preuve.json`} className={linkClass}>
          Télécharger le fichier de preuve (JSON)
        </a>
      </p>
    </section>
  );
}

export function SendSection({ view, reply, busy }: { view: SignatureRequestView; reply?: SignatureReply; busy: boolean }) {
  if (!["a_envoyer", "envoye", "expire"].includes(view.state)) return null;
  const again = view.state !== "a_envoyer";
  return (
    <section className={panel} aria-labelledby="envoyer-titre">
      <h2 id="envoyer-titre" className="text-lg font-semibold">
        {again ? "Envoyer à nouveau" : "Envoyer pour signature"}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {view.signerName} reçoit un e-mail avec un lien vers son espace, où il lit le document et le signe avec un code à six chiffres
        envoyé à son adresse.{again ? " Un nouvel envoi débloque la demande et annule les codes déjà envoyés." : ""}
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="envoyer" />
        <Button type="submit" disabled={busy}>
          {again ? "Envoyer à nouveau" : "Envoyer pour signature"}
        </Button>
      </Form>
      <ReplyMessage reply={reply} intent="envoyer" />
    </section>
  );
}

export function OrganisationSignSection({
  view,
  signatory,
  staffEmail,
  reply,
  busy,
}: {
  view: SignatureRequestView;
  signatory: { name: string; quality: string };
  staffEmail: string;
  reply?: SignatureReply;
  busy: boolean;
}) {
  if (view.state !== "signe_client") return null;
  const errors = reply?.intent === "signer" ? reply.errors : undefined;
  return (
    <section className={panel} aria-labelledby="signer-titre">
      <h2 id="signer-titre" className="text-lg font-semibold">
        Signature de l'organisme
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Le client a signé. {signatory.name}, {signatory.quality}, signe pour l'organisme avec un code envoyé à votre adresse ({staffEmail}).
        Le document est alors scellé.
      </p>
      <CodeRequest className="mt-3" busy={busy} label="Recevoir le code" reply={reply} />
      <Form method="post" className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="signer" />
        <CodeField error={errors?.code} />
        <CheckboxField
          form="signer"
          name="accepte"
          label="J'ai lu et j'accepte ce document au nom de l'organisme."
          required
          error={errors?.accepte}
        />
        <Button type="submit" disabled={busy}>
          Signer pour l'organisme
        </Button>
      </Form>
      <ReplyMessage reply={reply} intent="signer" />
    </section>
  );
}

export function OutsideSection({ view, reply, busy }: { view: SignatureRequestView; reply?: SignatureReply; busy: boolean }) {
  if (!["a_envoyer", "envoye", "signe_client", "expire", "refuse"].includes(view.state)) return null;
  const errors = reply?.intent === "hors-plateforme" ? reply.errors : undefined;
  return (
    <section className={panel} aria-labelledby="papier-titre">
      <h2 id="papier-titre" className="text-lg font-semibold">
        Signé hors plateforme
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Le client a signé un exemplaire papier&nbsp;: téléversez son scan (PDF, JPEG ou PNG, 15&nbsp;Mo au plus). Il est gardé tel quel et
        le document compte comme signé à cette date.
      </p>
      <Form method="post" encType="multipart/form-data" className="mt-3 grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value="hors-plateforme" />
        <TextField
          form="papier"
          name="scan"
          label="Scan de l'exemplaire signé"
          type="file"
          accept="application/pdf,image/jpeg,image/png"
          required
          error={errors?.scan}
        />
        <TextField
          form="papier"
          name="signe_le"
          label="Signé le"
          type="date"
          required
          defaultValue={keptValue(reply, "hors-plateforme", "signe_le")}
          error={errors?.signe_le}
        />
        <div className="sm:col-span-2">
          <Button type="submit" variant="secondary" disabled={busy}>
            Enregistrer la copie signée
          </Button>
          <ReplyMessage reply={reply} intent="hors-plateforme" />
        </div>
      </Form>
    </section>
  );
}
