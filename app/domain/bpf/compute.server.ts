import { attendedFrom, sessionStates } from "~/domain/attendance/attendance.server";
import { todayInParis } from "~/domain/formations/labels";
import { sessionHalfDays } from "~/domain/registrations/calendar";
import { isExternal, type TrainerStatus } from "~/domain/trainers/labels";
import { db, type Db } from "~/platform/db/db.server";
import { formatCount, formatDayRange } from "~/platform/format";
import { F4_RANKS, LINES, type FrameId } from "./form";
import type { BpfSettings } from "./model";
import { boxHours, halfDayHours, halfDayYear, objectiveLines, payerLine, traineeLine } from "./rules";

/**
 * The BPF of a year computed from the site's records (docs/legal/bpf.md): frames E and F from the
 * sessions, their confirmed registrations, the attendance and the trainers' half-days; frame C from
 * the invoices and credit notes of the year when they are given. Each figure comes with the records
 * behind it (the accountant's CSV) and each box with what keeps it from being exact (the missing list).
 */

/** A figure by key (`F-1-a:nombre`); null: the site has nothing to compute it from. */
export type Figures = Record<string, number | null>;

/** A trainee of a confirmed registration, on one session, with what they attended in the year. */
export interface TraineeRecord {
  traineeId: string;
  sessionId: string;
  formationTitle: string;
  dates: string;
  registrationId: string;
  reference: string;
  trainee: string;
  buyerKind: string;
  funding: string;
  category: string;
  nsf: string;
  halfDays: number;
  hours: number;
  distance: boolean;
  lines: string[];
}

/** A trainer on one session, with their half-days of the year. */
export interface TrainerRecord {
  trainerId: string;
  trainer: string;
  status: TrainerStatus;
  sessionId: string;
  formationTitle: string;
  dates: string;
  halfDays: number;
  hours: number;
  lines: string[];
}

/** An invoice or a credit note of the year, as frame C reads it (credit notes with a negative amount). */
export interface InvoiceFigure {
  id: string;
  number: string;
  kind: "facture" | "avoir";
  issuedOn: string;
  payerKind: string | null;
  payerName: string;
  /** Excluding VAT, in cents; negative for a credit note. */
  amountCents: number;
  href: string;
}

export interface InvoiceRecord extends InvoiceFigure {
  lines: string[];
}

/** A record that keeps a box from being exact, with the screen that fixes it. */
export interface MissingItem {
  /** The frames it keeps from being exact. */
  frames: FrameId[];
  text: string;
  href: string;
  link: string;
}

export interface Speciality {
  line: string;
  code: string;
  label: string;
}

export interface Computed {
  year: number;
  figures: Figures;
  specialities: Speciality[];
  trainees: TraineeRecord[];
  trainers: TrainerRecord[];
  invoices: InvoiceRecord[];
  missing: MissingItem[];
  /** Whether frame C could be computed (the invoices exist on this site). */
  invoicesKnown: boolean;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Every line's figures at zero (computed lines), null (typed lines, until typed). */
function emptyFigures(invoicesKnown: boolean): Figures {
  const figures: Figures = {};
  for (const l of LINES)
    for (const c of l.frame.columns) {
      const key = `${l.code}:${c}`;
      figures[key] = l.source === "saisie" || (l.frame.id === "C" && !invoicesKnown) ? null : 0;
    }
  return figures;
}

/** Adds the records of one line: people counted once, hours summed exactly then rounded. */
function countLine(figures: Figures, code: string, records: Array<{ id: string; hours: number }>): void {
  figures[`${code}:nombre`] = new Set(records.map((r) => r.id)).size;
  figures[`${code}:heures`] = boxHours(sum(records.map((r) => r.hours)));
}

/** The totals of the form (a total is the sum of its lines as shown, so that the form's checks hold). */
export function addTotals(figures: Figures): void {
  for (const l of LINES) {
    if (l.source !== "total" || !l.sum) continue;
    for (const c of l.frame.columns) {
      const parts = l.sum.map((code) => figures[`${code}:${c}`]);
      figures[`${l.code}:${c}`] = parts.every((p) => p === null) ? null : sum(parts.map((p) => p ?? 0));
    }
  }
}

export async function computeBpf(
  year: number,
  settings: BpfSettings,
  { target = db(), invoices = null, today = todayInParis() }: { target?: Db; invoices?: InvoiceFigure[] | null; today?: string } = {},
): Promise<Computed> {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const invoicesKnown = invoices !== null;
  const figures = emptyFigures(invoicesKnown);
  const missing: MissingItem[] = [];

  const sessions = await target
    .selectFrom("formation_sessions as s")
    .innerJoin("formations as f", "f.id", "s.formation_id")
    .innerJoin("formation_categories as c", "c.id", "f.category_id")
    .select([
      "s.id",
      "s.start_date",
      "s.end_date",
      "s.city_id",
      "s.address",
      "f.id as formationId",
      "f.title",
      "f.duration_hours",
      "f.certification_type",
      "c.id as categoryId",
      "c.name as categoryName",
    ])
    .where("s.start_date", "<=", to)
    .where("s.end_date", ">=", from)
    .orderBy("s.start_date")
    .orderBy("s.id")
    .execute();
  const ids = sessions.map((s) => s.id);
  const registrations = ids.length
    ? await target
        .selectFrom("registrations")
        .select(["id", "reference", "session_id", "buyer_kind", "funding"])
        .where("session_id", "in", ids)
        .where("status", "=", "confirmee")
        .orderBy("created_at")
        .orderBy("id")
        .execute()
    : [];
  const trainees = registrations.length
    ? await target
        .selectFrom("registration_trainees as t")
        .leftJoin("session_attendance as a", "a.trainee_id", "t.id")
        .select(["t.id", "t.registration_id", "t.first_name", "t.last_name", "a.half_days"])
        .where(
          "t.registration_id",
          "in",
          registrations.map((r) => r.id),
        )
        .orderBy("t.position")
        .execute()
    : [];
  const slots = ids.length
    ? await target
        .selectFrom("trainer_slots as t")
        .innerJoin("trainers as tr", "tr.id", "t.trainer_id")
        .select(["t.trainer_id", "t.session_id", "t.slot", "tr.name", "tr.status"])
        .where("t.session_id", "in", ids)
        .orderBy("tr.name")
        .orderBy("t.slot")
        .execute()
    : [];

  const traineeRecords: TraineeRecord[] = [];
  const trainerRecords: TrainerRecord[] = [];
  const reported = new Set<string>();

  for (const s of sessions) {
    const regs = registrations.filter((r) => r.session_id === s.id);
    if (!regs.length) continue; // A session nobody was confirmed on did not take place.
    const people = trainees.filter((t) => regs.some((r) => r.id === t.registration_id));
    const all = sessionHalfDays(s.start_date, s.end_date);
    const inYear = all.filter((h) => halfDayYear(h) === year);
    const perHalfDay = halfDayHours(Number(s.duration_hours), all.length);
    const dates = formatDayRange(s.start_date, s.end_date);
    const sessionName = `«\u00a0${s.title}\u00a0» ${dates}`;
    const ticked = new Map(people.map((t) => [t.id, t.half_days ? (JSON.parse(t.half_days) as string[]) : []]));
    const states = await sessionStates(s.id, target);
    const attended = attendedFrom(states, ticked);

    // Half-days already past with no proof of attendance: countersigned online, or ticked on paper.
    const unsigned = inYear.filter((h) => {
      if (h.slice(0, 10) >= today) return false;
      const state = states.get(h);
      if (state) return !state.closed;
      return ![...ticked.values()].some((boxes) => boxes.includes(h));
    });
    if (unsigned.length)
      missing.push({
        frames: ["F-1", "F-2", "F-3", "F-4"],
        text: `Session ${sessionName}\u00a0: ${formatCount(unsigned.length, "demi-journée passée sans émargement clos", "demi-journées passées sans émargement clos")} (ses heures n'y sont pas comptées).`,
        href: `/admin/sessions/${s.id}/emargement`,
        link: "Ouvrir l'émargement",
      });

    const nsf = settings.nsfCodes[s.categoryId] ?? "";
    const level = settings.levels[s.formationId] || undefined;
    if (s.certification_type === "rncp" && !level && !reported.has(`niveau:${s.formationId}`)) {
      reported.add(`niveau:${s.formationId}`);
      missing.push({
        frames: ["F-3"],
        text: `La formation «\u00a0${s.title}\u00a0» vise une certification RNCP sans niveau indiqué\u00a0: ses stagiaires ne sont comptés dans aucune ligne «\u00a0dont\u00a0» du a.`,
        href: `/admin/bpf/parametres#niveau-${s.formationId}`,
        link: "Indiquer le niveau",
      });
    }
    if (!nsf && !reported.has(`nsf:${s.categoryId}`)) {
      reported.add(`nsf:${s.categoryId}`);
      missing.push({
        frames: ["F-4"],
        text: `La catégorie «\u00a0${s.categoryName}\u00a0» n'a pas de code NSF\u00a0: les stagiaires de ses formations ne sont comptés dans aucune spécialité.`,
        href: `/admin/bpf/parametres#nsf-${s.categoryId}`,
        link: "Saisir le code NSF",
      });
    }

    for (const r of regs) {
      const type = traineeLine(r.buyer_kind, r.funding) ?? (settings.types[r.id] || null);
      if (!type)
        missing.push({
          frames: ["F-1", "F-2"],
          text: `L'inscription ${r.reference} (session ${sessionName}) ne dit pas qui paie ni comment elle est financée\u00a0: ses stagiaires ne sont comptés dans aucun type.`,
          href: `/admin/bpf/parametres#inscription-${r.id}`,
          link: "Indiquer le type de stagiaire",
        });
      for (const t of people.filter((p) => p.registration_id === r.id)) {
        const days = (attended.get(t.id) ?? []).filter((h) => halfDayYear(h) === year);
        if (!days.length) continue;
        const lines = [
          ...(type ? [type, "F-2-a"] : []),
          ...objectiveLines(s.certification_type, level),
          ...(s.city_id === null && !s.address.trim() ? ["F-1-distance"] : []),
        ];
        traineeRecords.push({
          traineeId: t.id,
          sessionId: s.id,
          formationTitle: s.title,
          dates,
          registrationId: r.id,
          reference: r.reference,
          trainee: `${t.first_name} ${t.last_name}`.trim(),
          buyerKind: r.buyer_kind,
          funding: r.funding,
          category: s.categoryName,
          nsf,
          halfDays: days.length,
          hours: days.length * perHalfDay,
          distance: s.city_id === null && !s.address.trim(),
          lines,
        });
      }
    }

    // Frame E: the trainers' half-days of the year on this session.
    const sessionSlots = slots.filter((x) => x.session_id === s.id && halfDayYear(x.slot) === year);
    const untaught = inYear.filter((h) => !sessionSlots.some((x) => x.slot === h));
    if (untaught.length)
      missing.push({
        frames: ["E"],
        text: `Session ${sessionName}\u00a0: ${formatCount(untaught.length, "demi-journée sans formateur affecté", "demi-journées sans formateur affecté")}.`,
        href: `/admin/sessions/${s.id}#formateurs`,
        link: "Affecter un formateur",
      });
    for (const trainerId of [...new Set(sessionSlots.map((x) => x.trainer_id))]) {
      const mine = sessionSlots.filter((x) => x.trainer_id === trainerId);
      const status = mine[0]!.status as TrainerStatus;
      trainerRecords.push({
        trainerId,
        trainer: mine[0]!.name,
        status,
        sessionId: s.id,
        formationTitle: s.title,
        dates,
        halfDays: mine.length,
        hours: mine.length * perHalfDay,
        lines: [isExternal(status) ? "E-2" : "E-1"],
      });
    }
  }

  // F-4: the specialities by hours, the five first one by one.
  const bySpeciality = new Map<string, number>();
  for (const r of traineeRecords) if (r.nsf) bySpeciality.set(r.nsf, (bySpeciality.get(r.nsf) ?? 0) + r.hours);
  const ranked = [...bySpeciality.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const specialities: Speciality[] = ranked.slice(0, F4_RANKS).map(([code], i) => ({
    line: `F-4-${i + 1}`,
    code,
    label:
      Object.entries(settings.nsfCodes)
        .filter(([, c]) => c === code)
        .map(([id]) => settings.nsfLabels[id] ?? "")
        .find(Boolean) ?? "",
  }));
  for (const r of traineeRecords) {
    if (!r.nsf) continue;
    r.lines.push(specialities.find((s) => s.code === r.nsf)?.line ?? "F-4-autres");
  }

  for (const l of LINES.filter((x) => x.frame.id.startsWith("F-") && x.source === "calcul"))
    countLine(
      figures,
      l.code,
      traineeRecords.filter((r) => r.lines.includes(l.code)).map((r) => ({ id: r.traineeId, hours: r.hours })),
    );
  for (const code of ["E-1", "E-2"])
    countLine(
      figures,
      code,
      trainerRecords.filter((r) => r.lines.includes(code)).map((r) => ({ id: r.trainerId, hours: r.hours })),
    );

  // Frame C: the invoices and credit notes issued in the year, by payer kind.
  const invoiceRecords: InvoiceRecord[] = [];
  if (invoices) {
    for (const inv of invoices.filter((i) => i.issuedOn >= from && i.issuedOn <= to)) {
      const lineCode = payerLine(inv.payerKind);
      invoiceRecords.push({ ...inv, lines: lineCode ? [lineCode] : [] });
      if (!lineCode)
        missing.push({
          frames: ["C"],
          text: `${inv.kind === "avoir" ? "L'avoir" : "La facture"} ${inv.number} (${inv.payerName}) n'a pas de type de payeur\u00a0: son montant n'est compté dans aucune ligne.`,
          href: inv.href,
          link: inv.kind === "avoir" ? "Ouvrir l'avoir" : "Ouvrir la facture",
        });
    }
    for (const l of LINES.filter((x) => x.frame.id === "C" && x.source === "calcul"))
      figures[`${l.code}:montant`] = sum(invoiceRecords.filter((r) => r.lines.includes(l.code)).map((r) => r.amountCents));
  }

  addTotals(figures);
  return {
    year,
    figures,
    specialities,
    trainees: traineeRecords,
    trainers: trainerRecords,
    invoices: invoiceRecords,
    missing,
    invoicesKnown,
  };
}
