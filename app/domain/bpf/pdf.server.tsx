import { Document, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import { formatCents, formatDateTime, formatNumber } from "~/platform/format";
import { NBSP, pdfFrench as fr, pdfPageStyle, pdfVisitorText, renderPdf } from "~/platform/pdf/pdf.server";
import type { BpfYear } from "./bpf.server";
import { COLUMN_LABELS, FRAMES, SHARE_KEY, SHARE_LABEL, isLine, type Column } from "./form";

/**
 * The BPF of a year laid out like the cerfa 10443 (frames, box marks, labels, the figures in the
 * form's columns), by the site's one PDF path (app/platform/pdf). Two or three A4 pages: rendered in
 * the request, not in the document threads (docs/decisions/0038-bpf.md).
 */

const styles = StyleSheet.create({
  page: pdfPageStyle(48, { fontSize: 8.5, lineHeight: 1.3, paddingTop: 32, paddingHorizontal: 36 }),
  title: { fontSize: 14, lineHeight: "18pt", fontWeight: "bold" },
  subtitle: { fontSize: 9, lineHeight: "12pt", color: "#374151", marginBottom: 8 },
  frame: { borderWidth: 1, borderColor: "#374151", marginTop: 8 },
  frameTitle: { backgroundColor: "#e5e7eb", padding: 4, fontWeight: "bold", fontSize: 9.5, lineHeight: "12pt" },
  head: { flexDirection: "row", borderBottomWidth: 1, borderColor: "#6b7280", backgroundColor: "#f3f4f6" },
  row: { flexDirection: "row", borderBottomWidth: 0.5, borderColor: "#9ca3af" },
  code: { width: 52, padding: 3, color: "#374151" },
  label: { flex: 1, padding: 3 },
  sub: { paddingLeft: 14 },
  figure: { width: 92, padding: 3, textAlign: "right", borderLeftWidth: 0.5, borderColor: "#9ca3af" },
  bold: { fontWeight: "bold" },
  note: { fontSize: 7.5, lineHeight: "10pt", color: "#4b5563", marginTop: 6 },
  footer: { position: "absolute", bottom: 20, left: 36, right: 36, fontSize: 7, color: "#4b5563", textAlign: "center" },
});

function figureText(value: number | null | undefined, column: Column): string {
  if (value === null || value === undefined) return "—";
  if (column === "montant") return fr(formatCents(value));
  if (column === "pourcentage") return `${value}${NBSP}%`;
  return fr(formatNumber(value, 0));
}

export function BpfPdf({ state, organisation }: { state: BpfYear; organisation: { name: string; nda: string } }) {
  return (
    <Document title={`Bilan pédagogique et financier ${state.year}`} language="fr">
      <Page size="A4" style={styles.page} wrap>
        <Text style={styles.title}>Bilan pédagogique et financier — exercice {state.year}</Text>
        <Text style={styles.subtitle}>
          {pdfVisitorText(organisation.name)}
          {organisation.nda ? ` — déclaration d'activité n°${NBSP}${organisation.nda}` : ""} — cerfa n°{NBSP}10443
          {state.locked ? ` — déposé, verrouillé le ${fr(formatDateTime(state.locked.at))}` : " — non déposé"}
        </Text>
        {FRAMES.map((frame) => (
          <View key={frame.id} style={styles.frame} wrap={false}>
            <Text style={styles.frameTitle}>{frame.title}</Text>
            <View style={styles.head}>
              <Text style={styles.code}>Case</Text>
              <Text style={styles.label}>Libellé</Text>
              {frame.columns.map((c) => (
                <Text key={c} style={styles.figure}>
                  {COLUMN_LABELS[c]}
                </Text>
              ))}
            </View>
            {frame.rows.map((row, i) => {
              if (!isLine(row))
                return (
                  <View key={`h${i}`} style={styles.row}>
                    <Text style={styles.code}> </Text>
                    <Text style={[styles.label, styles.bold]}>{row.heading}</Text>
                  </View>
                );
              const speciality = state.specialities.find((s) => s.line === row.code);
              const label = speciality
                ? `${row.label}${NBSP}: ${speciality.code}${speciality.label ? ` — ${pdfVisitorText(speciality.label)}` : ""}`
                : row.label;
              return (
                <View key={row.code} style={styles.row}>
                  <Text style={styles.code}>{row.code}</Text>
                  <Text style={[styles.label, ...(row.depth ? [styles.sub] : []), ...(row.source === "total" ? [styles.bold] : [])]}>
                    {row.mark && row.mark !== "dont" ? `${row.mark}. ` : row.mark === "dont" ? "dont " : ""}
                    {label}
                  </Text>
                  {frame.columns.map((c) => (
                    <Text key={c} style={[styles.figure, ...(row.source === "total" ? [styles.bold] : [])]}>
                      {figureText(state.figures[`${row.code}:${c}`], c)}
                    </Text>
                  ))}
                </View>
              );
            })}
            {frame.id === "C" ? (
              <View style={styles.row}>
                <Text style={styles.code}>C-part</Text>
                <Text style={styles.label}>{SHARE_LABEL}</Text>
                <Text style={styles.figure}>{figureText(state.figures[SHARE_KEY], "pourcentage")}</Text>
              </View>
            ) : null}
          </View>
        ))}
        <Text style={styles.note}>
          {`«${NBSP}—${NBSP}»${NBSP}: case sans chiffre (à saisir, ou que le site ne peut pas calculer). Les règles de calcul sont écrites dans docs/legal/bpf.md, d'après la notice du formulaire.`}
        </Text>
        <Text
          style={styles.footer}
          render={({ pageNumber, totalPages }) => `BPF ${state.year} — page ${pageNumber} sur ${totalPages}`}
          fixed
        />
      </Page>
    </Document>
  );
}

export function bpfPdf(state: BpfYear, organisation: { name: string; nda: string }): Promise<Buffer> {
  return renderPdf(<BpfPdf state={state} organisation={organisation} />);
}
