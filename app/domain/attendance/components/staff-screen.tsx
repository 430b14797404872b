import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/ui/button";
import { ChoiceGroup, TextField } from "~/ui/form/fields";
import { inputClass } from "~/ui/form/input-class";
import { Link } from "~/ui/link";
import { ATTENDANCE_STATUSES, STATUS_LABELS } from "../model";
import type { StaffSheet } from "../sheet.server";
import { SignaturePad } from "./signature-pad";

/**
 * /admin/sessions/{id}/emargement: the room code to show (QR and six digits, changing every
 * 30 seconds), per half-day who signed and who is missing, statuses and reasons, the reminder, the
 * countersignature that closes the half-day, the paper sheet and the connection report, the history.
 * The trainer's space shows the same half-day (`HalfDayNav`, `HalfDayAttendance`) for the half-days
 * they teach, without staff's extras.
 */

export interface StaffReply {
  ok: boolean;
  message: string;
  documentId?: string;
}

const card = "space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800";
const th = "px-3 py-2 text-left font-semibold";
const td = "px-3 py-2 align-top";

export function RoomCode({ room }: { room: NonNullable<StaffSheet["room"]> }) {
  return (
    <div className="flex flex-wrap items-center gap-6">
      {/* The SVG is drawn on the server from the signing address (uqr): no markup from anyone else. */}
      <div
        className="w-56 max-w-full rounded bg-white p-2"
        role="img"
        aria-label="QR code d'émargement"
        dangerouslySetInnerHTML={{ __html: room.qrSvg }}
      />
      <div className="space-y-2">
        <p className="text-sm text-slate-700 dark:text-slate-300">Code de la salle</p>
        <p className="font-mono text-5xl font-bold tracking-widest" data-testid="code-salle">
          {room.code.slice(0, 3)}&nbsp;{room.code.slice(3)}
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">Il change toutes les 30&nbsp;secondes.</p>
        <a href={room.path} data-testid="lien-salle" className="text-sm text-brand-700 underline dark:text-brand-300">
          Adresse de signature (ce que lit le QR code)
        </a>
      </div>
    </div>
  );
}

/** The session's half-days (those a trainer teaches, on their screen), each with its state and counts. */
export function HalfDayNav({ sheet }: { sheet: StaffSheet }) {
  const selected = sheet.selected;
  return (
    <nav aria-label="Demi-journées">
      <ul className="flex flex-wrap gap-2">
        {sheet.halfDays.map((h) => (
          <li key={h.slug}>
            <Link
              to={`?d=${h.slug}`}
              aria-current={selected?.slug === h.slug ? "page" : undefined}
              className={`block rounded-lg border px-3 py-2 text-sm ${selected?.slug === h.slug ? "border-brand-700 bg-brand-50 dark:border-brand-300 dark:bg-slate-900" : "border-slate-300 dark:border-slate-700"}`}
            >
              <span className="font-medium">{h.label}</span>
              <span className="block text-slate-700 dark:text-slate-300">
                {h.closed ? "Close" : h.open ? "Ouverte" : `${h.times}`} · {h.signed} signé{h.signed > 1 ? "s" : ""}, {h.missing} manquant
                {h.missing > 1 ? "s" : ""}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function StaffScreen({ sheet, reply }: { sheet: StaffSheet; reply: StaffReply | undefined }) {
  const selected = sheet.selected;
  return (
    <div className="space-y-8">
      {reply?.documentId ? (
        <p
          role="status"
          className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100"
        >
          {reply.message}{" "}
          <a href={`/admin/documents/${reply.documentId}/pdf`} className="font-semibold underline" data-testid="feuille-signee">
            Télécharger la feuille d'émargement signée
          </a>
        </p>
      ) : null}
      <HalfDayNav sheet={sheet} />
      {selected ? <HalfDayPanel sheet={sheet} /> : <p>Cette session n'a pas de demi-journée.</p>}
      <section aria-labelledby="emargement-reglages" className={card}>
        <h2 id="emargement-reglages" className="text-lg font-semibold">
          Réglage de l'organisme
        </h2>
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="reglages" />
          <TextField
            form="reglages"
            name="toleranceMinutes"
            type="number"
            min={0}
            max={720}
            label="Délai de signature après la fin d'une demi-journée (minutes)"
            defaultValue={String(sheet.toleranceMinutes)}
          />
          <Button type="submit" variant="secondary">
            Enregistrer
          </Button>
        </Form>
      </section>
    </div>
  );
}

/**
 * What staff and the trainer share of the chosen half-day: the room code while it is open, who
 * signed and who is missing, the statuses with their reasons, the countersignature that closes it.
 * `locked`: the statuses are shown but no longer changed (a trainer, once the half-day is closed);
 * staff's extras (reminder, files, history) come as children.
 */
export function HalfDayAttendance({
  sheet,
  level,
  locked = false,
  children,
}: {
  sheet: StaffSheet;
  level: 2 | 3;
  locked?: boolean;
  children?: ReactNode;
}) {
  const h = sheet.selected!;
  const Title = level === 2 ? "h2" : "h3";
  const Sub = level === 2 ? "h3" : "h4";
  return (
    <section aria-labelledby="demi-journee" className="space-y-6">
      <Title id="demi-journee" className="text-xl font-semibold">
        {h.label} ({h.times}){h.closed ? ` — close le ${h.closed}` : ""}
      </Title>
      {sheet.room ? <RoomCode room={sheet.room} /> : null}
      {locked ? (
        <p className="text-slate-700 dark:text-slate-300">
          Demi-journée contre-signée et close&nbsp;: seule l'équipe de l'organisme peut encore la corriger.
        </p>
      ) : null}
      <div className="overflow-x-auto" role="region" aria-label="Stagiaires de la demi-journée" tabIndex={0}>
        <table className="min-w-full text-sm">
          <thead className="bg-slate-100 dark:bg-slate-900">
            <tr>
              <th className={th}>Stagiaire</th>
              <th className={th}>Signature</th>
              <th className={th}>Statut</th>
              {locked ? null : <th className={th}>Changer le statut</th>}
            </tr>
          </thead>
          <tbody>
            {sheet.rows.map((r) => (
              <tr key={r.id} className="border-t border-slate-200 dark:border-slate-800" data-testid={`stagiaire-${r.name}`}>
                <td className={td}>{r.name}</td>
                <td className={td}>{r.signedAt ? `${r.signedAt} (${r.method})` : "Non signé"}</td>
                <td className={td}>
                  {r.statusLabel || "—"}
                  {r.reason ? <span className="block text-slate-700 dark:text-slate-300">{r.reason}</span> : null}
                  {r.counted ? <span className="block text-emerald-800 dark:text-emerald-300">Compté au certificat</span> : null}
                </td>
                {locked ? null : (
                  <td className={td}>
                    <Form method="post" className="flex flex-wrap items-center gap-2">
                      <input type="hidden" name="intent" value="marquer" />
                      <input type="hidden" name="d" value={h.slug} />
                      <input type="hidden" name="stagiaire" value={r.id} />
                      <select
                        name="statut"
                        aria-label={`Statut de ${r.name}`}
                        defaultValue={r.status || "absent"}
                        className={inputClass(undefined, "w-auto")}
                      >
                        {ATTENDANCE_STATUSES.map((s) => (
                          <option key={s} value={s}>
                            {STATUS_LABELS[s]}
                          </option>
                        ))}
                      </select>
                      <input name="motif" aria-label={`Motif pour ${r.name}`} className={inputClass(undefined, "w-40")} />
                      <Button type="submit" size="sm" variant="secondary">
                        Enregistrer
                      </Button>
                    </Form>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!h.closed ? (
        <Form method="post" className={card} aria-labelledby="contre-signer">
          <Sub id="contre-signer" className="text-lg font-semibold">
            Contre-signer et clore la demi-journée
          </Sub>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Après la contre-signature, un stagiaire ne peut plus signer et toute correction demande l'équipe et un motif, gardé dans
            l'historique.
          </p>
          <input type="hidden" name="intent" value="clore" />
          <input type="hidden" name="d" value={h.slug} />
          <TextField form="clore" name="nom" label="Nom du signataire" autoComplete="name" required />
          <SignaturePad id="clore-dessin" name="signature" label="Signature (facultative)" />
          <Button type="submit">Contre-signer et clore</Button>
        </Form>
      ) : null}
      {children}
    </section>
  );
}

/** Staff's half-day: the shared part, then the reminder, the files and the history. */
function HalfDayPanel({ sheet }: { sheet: StaffSheet }) {
  const h = sheet.selected!;
  return (
    <HalfDayAttendance sheet={sheet} level={2}>
      {!h.closed && h.missing ? (
        <Form method="post">
          <input type="hidden" name="intent" value="rappel" />
          <input type="hidden" name="d" value={h.slug} />
          <Button type="submit" variant="secondary">
            Envoyer un rappel aux {h.missing} stagiaire{h.missing > 1 ? "s" : ""} sans signature
          </Button>
        </Form>
      ) : null}
      <Form method="post" encType="multipart/form-data" className={card} aria-labelledby="joindre">
        <h3 id="joindre" className="text-lg font-semibold">
          Joindre un fichier
        </h3>
        <input type="hidden" name="intent" value="fichier" />
        <input type="hidden" name="d" value={h.slug} />
        <ChoiceGroup
          form="fichier"
          name="type"
          type="radio"
          label="Type de fichier"
          groups={[
            {
              options: [
                {
                  value: "papier",
                  label: "Feuille papier numérisée (PDF, JPEG, PNG)",
                  hint: "Vaut signature pour les stagiaires notés présents.",
                },
                { value: "connexion", label: "Rapport de connexion de la classe virtuelle (CSV, PDF)" },
              ],
            },
          ]}
          selected={[sheet.remote ? "connexion" : "papier"]}
        />
        <div>
          <label htmlFor="fichier-fichier" className="text-sm font-semibold">
            Fichier (10&nbsp;Mo au plus)
          </label>
          <input
            id="fichier-fichier"
            type="file"
            name="fichier"
            accept=".pdf,.jpg,.jpeg,.png,.csv"
            className="mt-1.5 block w-full max-w-full text-sm"
          />
        </div>
        <Button type="submit" variant="secondary">
          Joindre
        </Button>
        {sheet.files.length ? (
          <ul className="list-disc pl-5 text-sm">
            {sheet.files.map((f) => (
              <li key={f.id}>
                {f.kind}&nbsp;: <a href={`/admin/emargement/fichiers/${f.id}`}>{f.name}</a> ({f.at})
              </li>
            ))}
          </ul>
        ) : null}
      </Form>
      <section aria-labelledby="historique" className="space-y-2">
        <h3 id="historique" className="text-lg font-semibold">
          Historique de la demi-journée
        </h3>
        <p className={sheet.chain.ok ? "text-emerald-800 dark:text-emerald-300" : "font-semibold text-red-700 dark:text-red-300"}>
          {sheet.chain.message}
        </p>
        {sheet.history.length ? (
          <ol className="space-y-1 text-sm">
            {sheet.history.map((l) => (
              <li key={l.seq}>
                n°&nbsp;{l.seq}, {l.at}&nbsp;: {l.event} — {l.who}
                {l.detail ? ` — ${l.detail}` : ""} <span className="font-mono text-slate-600 dark:text-slate-400">{l.hash}…</span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm">Rien d'enregistré pour cette demi-journée.</p>
        )}
      </section>
    </HalfDayAttendance>
  );
}
