import { PAYER_KIND_SHORT, type PayerKind } from "~/domain/invoices/labels";
import { FUNDINGS } from "~/domain/registrations/labels";
import { TRAINER_STATUSES } from "~/domain/trainers/labels";
import { toCsv, type CsvValue } from "~/platform/csv";
import { centsDecimal, formatDate } from "~/platform/format";
import type { BpfYear } from "./bpf.server";
import { COLUMN_LABELS, FRAMES, LINES, SHARE_KEY, SHARE_LABEL, lineByCode, type Column } from "./form";

/**
 * The BPF's CSV files (app/platform/csv.ts: Excel in French): every box of a year, to type into
 * Mon Activité Formation, and the records behind one computed box, for the accountant.
 */

/** A figure as typed in the online service: euros with a decimal comma, whole numbers otherwise; empty when unknown. */
export function csvFigure(value: number | null | undefined, column: Column): string {
  if (value === null || value === undefined) return "";
  if (column === "montant") return centsDecimal(value);
  return String(value);
}

const SOURCE_LABELS = { calcul: "calculé", saisie: "saisi", total: "total" } as const;

/** Every box of the year: frame, box, label, column, figure, where it comes from (and, once filed, today's value). */
export function boxesCsv(state: BpfYear): string {
  const header: CsvValue[] = ["Année", "Cadre", "Case", "Libellé", "Colonne", "Valeur", "Origine"];
  if (state.locked) header.push("Valeur recalculée aujourd'hui");
  const rows: CsvValue[][] = [header];
  for (const l of LINES) {
    const speciality = state.specialities.find((s) => s.line === l.code);
    const label = speciality ? `${l.label} (NSF ${speciality.code}${speciality.label ? ` ${speciality.label}` : ""})` : l.label;
    for (const c of l.frame.columns) {
      const key = `${l.code}:${c}`;
      const row: CsvValue[] = [
        state.year,
        l.frame.id,
        l.code,
        l.mark && l.mark !== "dont" ? `${l.mark}. ${label}` : l.mark === "dont" ? `dont ${label}` : label,
        COLUMN_LABELS[c],
        csvFigure(state.figures[key], c),
        l.frame.id === "C" && !state.computed.invoicesKnown && l.source !== "saisie" ? "non disponible" : SOURCE_LABELS[l.source],
      ];
      if (state.locked) row.push(key in state.changes ? csvFigure(state.changes[key], c) : csvFigure(state.figures[key], c));
      rows.push(row);
    }
    if (l.code === "C-total") {
      const row: CsvValue[] = [
        state.year,
        "C",
        "C-part",
        SHARE_LABEL,
        COLUMN_LABELS.pourcentage,
        csvFigure(state.figures[SHARE_KEY], "pourcentage"),
        "saisi",
      ];
      if (state.locked) row.push(csvFigure(state.figures[SHARE_KEY], "pourcentage"));
      rows.push(row);
    }
  }
  return toCsv(rows);
}

/** The frames and lines whose records can be listed: every computed line and total of C, E and F. */
export function detailCodes(): string[] {
  return [
    ...FRAMES.filter((f) => f.id !== "D" && f.id !== "G").map((f) => f.id),
    ...LINES.filter((l) => l.source !== "saisie").map((l) => l.code),
  ];
}

/** Whether a record listed for a line or a frame: a frame (`F-1`) lists every record of its lines; a total, those of its lines. */
function belongs(lines: string[], code: string): boolean {
  const total = lineByCode(code);
  if (total?.sum) return total.sum.some((c) => belongs(lines, c));
  return lines.some((l) => l === code || (!total && l.startsWith(`${code}-`)));
}

/** The records behind a box (`F-1-a`, `E-2`, `C-9`) or a frame (`F-3`), or null when it is not one the site computes. */
export function detailCsv(state: BpfYear, code: string): string | null {
  if (!detailCodes().includes(code)) return null;
  const { computed } = state;
  if (code.startsWith("C")) {
    return toCsv([
      ["Année", "Pièce", "Numéro", "Date d'émission", "Payeur", "Type de payeur", "Montant HT (€), un avoir se déduit", "Lignes du BPF"],
      ...computed.invoices
        .filter((r) => belongs(r.lines, code))
        .map((r) => [
          state.year,
          r.kind === "avoir" ? "Avoir" : "Facture",
          r.number,
          formatDate(r.issuedOn),
          r.payerName,
          r.payerKind ? (PAYER_KIND_SHORT[r.payerKind as PayerKind] ?? r.payerKind) : "(non renseigné)",
          // Positive: a spreadsheet would read a leading « - » as a formula (app/platform/csv.ts); « Avoir » says it is deducted.
          csvFigure(Math.abs(r.amountCents), "montant"),
          r.lines.join(", "),
        ]),
    ]);
  }
  if (code.startsWith("E")) {
    return toCsv([
      ["Année", "Formateur", "Statut", "Formation", "Session", "Demi-journées dans l'année", "Heures", "Lignes du BPF"],
      ...computed.trainers
        .filter((r) => belongs(r.lines, code))
        .map((r) => [
          state.year,
          r.trainer,
          TRAINER_STATUSES[r.status],
          r.formationTitle,
          r.dates,
          r.halfDays,
          (Math.round(r.hours * 100) / 100).toString().replace(".", ","),
          r.lines.join(", "),
        ]),
    ]);
  }
  return toCsv([
    [
      "Année",
      "Stagiaire",
      "Inscription",
      "Acheteur",
      "Financement",
      "Formation",
      "Session",
      "Catégorie",
      "Code NSF",
      "Demi-journées suivies dans l'année",
      "Heures",
      "Lignes du BPF",
    ],
    ...computed.trainees
      .filter((r) => belongs(r.lines, code))
      .map((r) => [
        state.year,
        r.trainee,
        r.reference,
        r.buyerKind === "particulier" ? "Particulier" : "Entreprise",
        FUNDINGS.find((f) => f.value === r.funding)?.label ?? (r.funding || "(non renseigné)"),
        r.formationTitle,
        r.dates,
        r.category,
        r.nsf,
        r.halfDays,
        (Math.round(r.hours * 100) / 100).toString().replace(".", ","),
        r.lines.join(", "),
      ]),
  ]);
}
