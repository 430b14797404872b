import { Document, Image, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import { Children, type ReactNode } from "react";
import { formatSiret } from "~/platform/format";
import { formatCount, formatDate, formatEurosWithCents, formatHours } from "~/platform/format";
import { NBSP, pdfFrench as fr, pdfPageStyle, pdfVisitorText } from "~/platform/pdf/pdf.server";
import type { ProofSignature } from "~/domain/attendance/sheet.server";
import { hoursAttended, type MissionData, type RegistrationData, type SourceData, type Trainee } from "../data.server";
import { halfDayLabel, KIND_LABELS, resultLabel, type DocumentKind } from "../model";
import { priceBreakdown } from "../price";
import type { VatMode } from "~/domain/formations/labels";

/**
 * The fixed legal skeleton of every training document (docs/legal/documents.md): A4, the
 * organisation's header and logo, its identity and page numbers in the footer. The organisation's
 * own clauses come from the settings (SourceData.clauses). The literal headings below are the
 * mandatory mentions of app/domain/documents/mentions.ts: change one there too.
 */

const styles = StyleSheet.create({
  page: pdfPageStyle(72),
  header: { flexDirection: "row", justifyContent: "space-between", alignItems: "flex-start", marginBottom: 16 },
  logo: { width: 110, maxHeight: 48, objectFit: "contain" },
  // Each size has its own line height in points: a unitless one is resolved against the page's 9.5 pt
  // and inherited as such, which let a 16 pt title run into the line below it.
  orgName: { fontSize: 12, lineHeight: "15pt", fontWeight: "bold" },
  small: { fontSize: 8, lineHeight: "11pt", color: "#374151" },
  title: { fontSize: 16, lineHeight: "20pt", fontWeight: "bold", marginBottom: 2 },
  number: { fontSize: 9, lineHeight: "12pt", color: "#374151", marginBottom: 12 },
  h2: { fontSize: 11, lineHeight: "14pt", fontWeight: "bold", marginTop: 10, marginBottom: 4 },
  row: { flexDirection: "row", marginBottom: 2 },
  label: { width: 150, fontWeight: "bold" },
  value: { flex: 1 },
  bullet: { marginLeft: 8 },
  footer: { position: "absolute", top: 778, left: 42, right: 42, fontSize: 7, color: "#4b5563", textAlign: "center" },
  signatureBlock: { marginTop: 16 },
  signatures: { flexDirection: "row", justifyContent: "space-between", marginTop: 8 },
  signBox: { width: "48%", borderWidth: 1, borderColor: "#9ca3af", padding: 6, minHeight: 110 },
  signHint: { fontSize: 8, lineHeight: "11pt", color: "#6b7280", marginTop: "auto" },
  table: { borderWidth: 1, borderColor: "#6b7280", marginTop: 6 },
  tr: { flexDirection: "row", borderBottomWidth: 1, borderColor: "#9ca3af", minHeight: 34 },
  th: { fontWeight: "bold", padding: 4 },
  td: { padding: 4 },
});

/** What visitors typed, as the PDF prints it: every registration and trainee passes here first. */
function visitorRegistration(r: RegistrationData): RegistrationData {
  const v = pdfVisitorText;
  return {
    ...r,
    companyName: v(r.companyName),
    contactName: v(r.contactName),
    address: v(r.address),
    trainees: r.trainees.map(visitorTrainee),
  };
}

function visitorTrainee(t: Trainee): Trainee {
  const v = pdfVisitorText;
  return { ...t, firstName: v(t.firstName), lastName: v(t.lastName), jobTitle: v(t.jobTitle) };
}

export interface Issue {
  number: string;
  issuedOn: string;
}

/** What a document about one trainee is made from (the convocation, the certificate). */
interface TraineeDocument {
  source: SourceData;
  r: RegistrationData;
  t: Trainee;
  issue: Issue;
}

/** Its registration and trainee as the PDF prints them (see visitorRegistration). */
function visitorTraineeDocument(d: TraineeDocument): TraineeDocument {
  return { ...d, r: visitorRegistration(d.r), t: visitorTrainee(d.t) };
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <View style={styles.row} wrap={false}>
      <Text style={styles.label}>{label}</Text>
      <Text style={styles.value}>{children}</Text>
    </View>
  );
}

/** A heading and its content; the heading never ends a page: it stays with the content's first block. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const [first, ...rest] = Children.toArray(children);
  return (
    <View>
      <View wrap={false}>
        <Text style={styles.h2}>{title}</Text>
        {first}
      </View>
      {rest}
    </View>
  );
}

function identityLine(s: Pick<SourceData, "organisation">): string {
  const o = s.organisation;
  return fr(
    `${o.name} ${o.legalForm}${o.shareCapital ? ` au capital de ${o.shareCapital}` : ""} · ${o.street}, ${o.postalCode} ${o.city} · SIRET ${formatSiret(o.siret)}${o.rcs ? ` · ${o.rcs}` : ""}`,
  );
}

function ndaLine(s: Pick<SourceData, "organisation">): string {
  const o = s.organisation;
  const qualiopi = o.qualiopiCertificateNumber
    ? ` Certification qualité Qualiopi n°${NBSP}${o.qualiopiCertificateNumber}${o.qualiopiCertifier ? ` (${o.qualiopiCertifier})` : ""} délivrée au titre de la catégorie « actions de formation ».`
    : "";
  return `Déclaration d'activité enregistrée sous le numéro ${o.nda} auprès du préfet de région ${o.ndaRegion}. Cet enregistrement ne vaut pas agrément de l'État.${qualiopi}`;
}

/** A4 page with the organisation's header, the title and number, and the identity and page numbers in the footer. */
function Sheet({
  source,
  kind,
  issue,
  children,
  subtitle,
}: {
  source: Pick<SourceData, "organisation" | "logo">;
  kind: DocumentKind;
  issue: Issue;
  subtitle?: string;
  children: ReactNode;
}) {
  const o = source.organisation;
  return (
    <Page size="A4" style={styles.page}>
      <View style={styles.header} fixed>
        <View>
          <Text style={styles.orgName}>{o.name}</Text>
          <Text style={styles.small}>
            {o.street}, {o.postalCode} {o.city}
          </Text>
          <Text style={styles.small}>
            {o.phone} · {o.email}
          </Text>
        </View>
        {source.logo ? <Image style={styles.logo} src={source.logo} /> : null}
      </View>
      <Text style={styles.title}>{KIND_LABELS[kind]}</Text>
      <Text style={styles.number}>
        {subtitle ? `${subtitle} · ` : ""}n°{NBSP}
        {issue.number} · établi le {issue.issuedOn}
      </Text>
      {children}
      <View style={styles.footer} fixed>
        <Text>{identityLine(source)}</Text>
        <Text>{ndaLine(source)}</Text>
        <Text render={({ pageNumber, totalPages }) => `${issue.number} · page ${pageNumber} sur ${totalPages}`} />
      </View>
    </Page>
  );
}

function FormationBlock({ source, withProgram = true }: { source: SourceData; withProgram?: boolean }) {
  const f = source.formation;
  return (
    <>
      <Section title="Formation">
        <Field label="Intitulé de la formation">{f.title}</Field>
        <Field label="Nature de l'action">Action de formation (article L6313-1, 1° du Code du travail)</Field>
        <Field label="Durée">{fr(f.duration)}</Field>
        <Field label="Dates et horaires">{`${source.session.datesLabel}, ${source.session.hours}`}</Field>
        <Field label="Lieu">{source.session.place}</Field>
        <Field label="Modalité">{f.modality}</Field>
      </Section>
      <ObjectivesSection objectives={f.objectives} />
      {withProgram ? (
        <Section title="Programme">
          {f.program.map((m, i) => (
            <View key={i} style={{ marginBottom: 3 }} wrap={false}>
              <Text style={{ fontWeight: "bold" }}>
                {m.title}
                {m.durationHours ? fr(` (${formatHours(m.durationHours)})`) : ""}
              </Text>
              {m.content ? <Text>{m.content}</Text> : null}
            </View>
          ))}
        </Section>
      ) : null}
      <Section title="Moyens pédagogiques et techniques">
        <Text>{f.teachingMethods}</Text>
      </Section>
      <Section title="Modalités d'évaluation">
        <Text>{f.evaluationMethods}</Text>
      </Section>
    </>
  );
}

/** The price per trainee and for the registration's seats: HT, VAT and TTC, or the exemption's mention. */
function Price({ source, r, payer }: { source: SourceData; r: RegistrationData; payer: string }) {
  return <PriceTable b={priceBreakdown(source.formation.priceInter, source.formation.vatMode, r.seats)} payer={payer} />;
}

/** A price breakdown's table (per trainee, and for all of them), or « sur devis ». */
function PriceTable({ b, payer }: { b: ReturnType<typeof priceBreakdown>; payer: string }) {
  if (b.kind === "quote") return <Text>Sur devis, selon la proposition acceptée par {payer}.</Text>;
  const both = b.seats > 1;
  const cell = { width: both ? "25%" : "40%", textAlign: "right" as const };
  return (
    <>
      <View style={[styles.table, { marginTop: 2 }]} wrap={false}>
        <View style={[styles.tr, { minHeight: 0, backgroundColor: "#f3f4f6" }]}>
          <Text style={[styles.th, { flex: 1 }]}> </Text>
          <Text style={[styles.th, cell]}>Par stagiaire</Text>
          {both ? <Text style={[styles.th, cell]}>{fr(`Pour ${formatCount(b.seats, "stagiaire")}`)}</Text> : null}
        </View>
        {b.lines.map((line, i) => {
          const strong = i === b.lines.length - 1 ? { fontWeight: "bold" as const } : {};
          return (
            <View key={line.label} style={[styles.tr, { minHeight: 0 }]}>
              <Text style={[styles.td, { flex: 1 }, strong]}>{line.label}</Text>
              <Text style={[styles.td, cell, strong]}>{fr(formatEurosWithCents(line.perTrainee))}</Text>
              {both ? <Text style={[styles.td, cell, strong]}>{fr(formatEurosWithCents(line.total))}</Text> : null}
            </View>
          );
        })}
      </View>
      {b.kind === "exempt" ? <Text style={{ marginTop: 4 }}>{b.mention}</Text> : null}
    </>
  );
}

interface Signer {
  /** Who signs (« Pour Formavia »), then the person's name and role. */
  title: string;
  name: string;
  /** What goes in the box: « Cachet et signature » for an organisation or a company, « Signature » for a person. */
  hint: string;
}

/** « Fait à <the organisation's city>, le <date> », then a box per signer, with room for a stamp. */
function SignatureBlock({ city, date, after = "", signers }: { city: string; date: string; after?: string; signers: Signer[] }) {
  return (
    <View style={styles.signatureBlock} wrap={false}>
      <Text>
        Fait à {city}, le {date}
        {after}.
      </Text>
      <View style={[styles.signatures, signers.length === 1 ? { justifyContent: "flex-end" } : {}]}>
        {signers.map((s) => (
          <View key={s.title} style={styles.signBox}>
            <Text style={{ fontWeight: "bold" }}>{s.title}</Text>
            <Text>{s.name}</Text>
            <Text style={styles.signHint}>{s.hint}</Text>
          </View>
        ))}
      </View>
    </View>
  );
}

const organisationSigner = (source: Pick<SourceData, "organisation" | "clauses">): Signer => ({
  title: `Pour ${source.organisation.name}`,
  name: `${source.clauses.signatoryName}, ${source.clauses.signatoryRole.toLowerCase()}`,
  hint: "Cachet et signature",
});

function traineeNames(r: RegistrationData): ReactNode[] {
  return [
    <Field key="count" label="Nombre de stagiaires">
      {String(r.trainees.length)}
    </Field>,
    ...r.trainees.map((t) => (
      <Text key={t.id} style={styles.bullet}>
        • {t.firstName} {t.lastName}
        {t.jobTitle ? `, ${t.jobTitle}` : ""}
      </Text>
    )),
  ];
}

/**
 * Who teaches (L6353-4 4°, « la qualité des formateurs »): the assigned trainers by name and quality,
 * or, when none is assigned yet, the organisation's trainers.
 */
function TrainersText({ source, reader }: { source: SourceData; reader: string }) {
  const trainers = source.session.trainers;
  if (!trainers.length)
    return (
      <Text>
        La formation est animée par des formateurs de {source.organisation.name} dont les diplômes, titres et références professionnelles en
        rapport avec la formation sont tenus à la disposition {reader}.
      </Text>
    );
  return (
    <Text>
      {fr(
        `La formation est animée par ${trainers.map((t) => t.quality).join(", ")}. Leurs diplômes, titres et références professionnelles en rapport avec la formation sont tenus à la disposition ${reader}.`,
      )}
    </Text>
  );
}

/** The trainers of one half-day (attendance sheet): their names, or nothing when none is assigned. */
const trainersOf = (source: SourceData, halfDay: string) =>
  source.session.trainers
    .filter((t) => t.halfDays.includes(halfDay))
    .map((t) => t.name)
    .join(", ");

/** The organisation, first of the parties that sign a convention or a contract. */
function OrganisationParty({ source }: { source: SourceData }) {
  const o = source.organisation;
  const c = source.clauses;
  return (
    <Text>
      {o.name}, {o.legalForm}, {o.street}, {o.postalCode} {o.city}, SIRET {formatSiret(o.siret)}, représenté par {c.signatoryName},{" "}
      {c.signatoryRole.toLowerCase()}, ci-après « l'organisme de formation » ;
    </Text>
  );
}

/** The formation's objectives, one bullet each (programme, certificate, mission letter). */
function ObjectivesSection({ objectives }: { objectives: string[] }) {
  return (
    <Section title="Objectifs">
      {objectives.map((o, i) => (
        <Text key={i} style={styles.bullet}>
          • {o}
        </Text>
      ))}
    </Section>
  );
}

/**
 * A convention or a contract: the parties (the organisation, then `party`), the sections, then both
 * signatures (the organisation's, then `signer`), in two originals.
 */
function Agreement({
  source,
  kind,
  issue,
  subtitle,
  party,
  signer,
  children,
}: {
  source: SourceData;
  kind: DocumentKind;
  issue: Issue;
  subtitle: string;
  party: ReactNode;
  signer: Signer;
  children: ReactNode;
}) {
  const o = source.organisation;
  return (
    <Document title={`${KIND_LABELS[kind]} ${issue.number}`} author={o.name} language="fr">
      <Sheet source={source} kind={kind} issue={issue} subtitle={subtitle}>
        <Section title="Entre les soussignés">
          <OrganisationParty source={source} />
          <Text>{party}</Text>
        </Section>
        {children}
        <SignatureBlock
          city={o.city}
          date={issue.issuedOn}
          after=", en deux exemplaires originaux"
          signers={[organisationSigner(source), signer]}
        />
      </Sheet>
    </Document>
  );
}

/** Convention de formation with a company (L6353-1, L6353-2, D6353-1). */
export function Convention({ source, r: typed, issue }: { source: SourceData; r: RegistrationData; issue: Issue }) {
  const r = visitorRegistration(typed);
  const c = source.clauses;
  return (
    <Agreement
      source={source}
      kind="convention"
      issue={issue}
      subtitle="Articles L6353-1 et D6353-1 du Code du travail"
      party={
        <>
          et {r.companyName || r.contactName}
          {r.siret ? `, SIRET ${formatSiret(r.siret)}` : ""}, {r.address}, représentée par {r.contactName}, ci-après « le client »
          (inscription {r.reference}).
        </>
      }
      signer={{ title: `Pour le client, ${r.companyName || r.contactName}`, name: r.contactName, hint: "Cachet et signature" }}
    >
      <FormationBlock source={source} />
      <Section title="Formateurs">
        <TrainersText source={source} reader="du client" />
      </Section>
      <Section title="Stagiaires">{traineeNames(r)}</Section>
      <Section title="Prix de la formation">
        <Price source={source} r={r} payer="le client" />
      </Section>
      <Section title="Financement">
        <Text>{r.funding}. En cas de prise en charge par un OPCO, le client effectue la demande avant le début de la formation.</Text>
      </Section>
      <Section title="Modalités de paiement">
        <Text>{c.paymentTerms}</Text>
      </Section>
      <Section title="Annulation et dédit">
        <Text>{c.cancellationPolicy}</Text>
      </Section>
      <Section title="Sanction de la formation">
        <Text>
          Un certificat de réalisation est remis à chaque stagiaire à l'issue de la formation, avec les résultats de l'évaluation de ses
          acquis.
        </Text>
      </Section>
    </Agreement>
  );
}

/** Contrat de formation professionnelle with an individual who pays themselves (L6353-3 to L6353-7). */
export function Contract({ source, r: typed, issue }: { source: SourceData; r: RegistrationData; issue: Issue }) {
  const r = visitorRegistration(typed);
  const f = source.formation;
  return (
    <Agreement
      source={source}
      kind="contrat"
      issue={issue}
      subtitle="Articles L6353-3 à L6353-7 du Code du travail"
      party={
        <>
          et {r.contactName}, {r.address}, qui s'inscrit à titre individuel et à ses frais, ci-après « le stagiaire » (inscription{" "}
          {r.reference}).
        </>
      }
      signer={{ title: "Le stagiaire", name: r.contactName, hint: "Signature" }}
    >
      <Section title="Objet du contrat">
        <Text>
          Le présent contrat est conclu en application de l'article L6353-3 du Code du travail. L'organisme de formation organise l'action
          de formation décrite ci-dessous.
        </Text>
      </Section>
      <FormationBlock source={source} />
      <Section title="Prérequis">
        <Text>{f.prerequisites}</Text>
      </Section>
      <Section title="Formateurs">
        <TrainersText source={source} reader="du stagiaire" />
      </Section>
      <Section title="Prix de la formation">
        <Price source={source} r={r} payer="le stagiaire" />
      </Section>
      <Section title="Délai de rétractation">
        <Text>
          À compter de la date de signature du présent contrat, le stagiaire dispose d'un délai de dix jours pour se rétracter. Il en
          informe l'organisme de formation par lettre recommandée avec avis de réception (article L6353-5).
        </Text>
        <Text>
          Aucune somme ne peut être exigée du stagiaire avant l'expiration de ce délai de rétractation. Il ne peut être payé à l'expiration
          de ce délai une somme supérieure à 30{NBSP}% du prix convenu ; le solde donne lieu à échelonnement des paiements au fur et à
          mesure du déroulement de l'action de formation (article L6353-6).
        </Text>
      </Section>
      <Section title="Modalités de paiement">
        <Text>
          Le stagiaire règle le prix à l'organisme de formation sur facture, sans autres frais : au plus 30{NBSP}% du prix à l'expiration du
          délai de rétractation, le solde au fur et à mesure du déroulement de la formation.
        </Text>
      </Section>
      <Section title="Cessation anticipée ou abandon">
        <Text>
          Si, par suite de force majeure dûment reconnue, le stagiaire est empêché de suivre la formation, il peut rompre le contrat. Dans
          ce cas, seules les prestations effectivement dispensées sont dues au prorata temporis de leur valeur prévue au contrat (article
          L6353-7).
        </Text>
        <Text>
          En cas d'abandon pour un autre motif, seules les prestations effectivement dispensées sont également dues, au prorata temporis. Si
          l'organisme de formation annule la session, les sommes versées sont intégralement remboursées au stagiaire.
        </Text>
      </Section>
    </Agreement>
  );
}

/** Convocation of one trainee (L6353-8: what the trainee is told before the session). */
export function Convocation(props: TraineeDocument) {
  const { source, r, t, issue } = visitorTraineeDocument(props);
  const o = source.organisation;
  const f = source.formation;
  return (
    <Document title={`${KIND_LABELS.convocation} ${issue.number}`} author={o.name} language="fr">
      <Sheet source={source} kind="convocation" issue={issue}>
        <Text>
          {t.firstName} {t.lastName}
          {r.companyName ? `, ${r.companyName}` : ""}
        </Text>
        <Text style={{ marginTop: 8 }}>
          Bonjour {t.firstName}, nous avons le plaisir de vous convier à la formation « {f.title} ».
        </Text>
        <FormationBlock source={source} withProgram={false} />
        {source.session.trainers.length ? (
          <Section title={source.session.trainers.length > 1 ? "Vos formateurs" : "Votre formateur"}>
            <Text>{source.session.trainers.map((tr) => tr.name).join(", ")}</Text>
          </Section>
        ) : null}
        <Section title="Votre contact">
          <Text>{f.contact || `${o.name}, ${o.phone}, ${o.email}`}</Text>
          <Text>
            Besoin d'une adaptation (handicap, accessibilité)
            {NBSP}: {source.session.disabilityContact || o.accessibilityContact}.
          </Text>
        </Section>
        <Section title="À savoir">
          <Text>
            Le règlement intérieur de l'organisme s'applique pendant toute la formation ; il vous a été communiqué lors de l'inscription et
            reste disponible sur demande. Merci de vous présenter dix minutes avant le début et de signer la feuille d'émargement de chaque
            demi-journée.
          </Text>
        </Section>
        <SignatureBlock city={o.city} date={issue.issuedOn} signers={[organisationSigner(source)]} />
      </Sheet>
    </Document>
  );
}

/** Feuille d'émargement of a session: one page per half-day, every trainee with a signature box. */
/** A signature as the attendance sheet prints it: the drawn picture, or the typed name, with its time and proof. */
function SignatureCell({ signature }: { signature: ProofSignature }) {
  return (
    <View>
      {signature.image ? <Image src={signature.image} style={{ width: 110, height: 34, objectFit: "contain" }} /> : null}
      {signature.typedName ? <Text>{pdfVisitorText(signature.typedName)}</Text> : null}
      <Text style={styles.small}>
        Signé le {fr(signature.at)} ({signature.method})
      </Text>
    </View>
  );
}

/**
 * The attendance sheet, one page per half-day (R6313-3 and R6332-26: the proof of attendance the
 * funders ask for). Signed online, each trainee's box shows their signature and its time, the
 * trainer's box the countersignature; an appendix gives the proof of every record (method, time,
 * address and browser, hash chain) so that it reads without the site.
 */
export function AttendanceSheet({ source, registrations, issue }: { source: SourceData; registrations: RegistrationData[]; issue: Issue }) {
  const o = source.organisation;
  const trainees = registrations.map(visitorRegistration).flatMap((r) => r.trainees.map((t) => ({ t, company: r.companyName })));
  const proof = source.attendance ?? {};
  const signedOnline = Object.keys(proof).length > 0;
  return (
    <Document title={`${KIND_LABELS.emargement} ${issue.number}`} author={o.name} language="fr">
      {source.session.halfDays.map((halfDay) => {
        const p = proof[halfDay];
        const counter = p?.countersignature;
        return (
          <Sheet key={halfDay} source={source} kind="emargement" issue={issue}>
            <Field label="Intitulé de la formation">{source.formation.title}</Field>
            <Field label="Demi-journée">{halfDayLabel(halfDay)}</Field>
            <Field label="Lieu">{source.session.place}</Field>
            <View style={styles.table}>
              <View style={[styles.tr, { minHeight: 20, backgroundColor: "#f3f4f6" }]} fixed>
                <Text style={[styles.th, { width: "34%" }]}>Stagiaire</Text>
                <Text style={[styles.th, { width: "22%" }]}>Entreprise</Text>
                <Text style={[styles.th, { width: "44%" }]}>Signature du stagiaire</Text>
              </View>
              {trainees.map(({ t, company }) => {
                const mine = p?.trainees[t.id];
                return (
                  <View key={t.id} style={styles.tr} wrap={false}>
                    <Text style={[styles.td, { width: "34%" }]}>
                      {t.lastName.toUpperCase()} {t.firstName}
                    </Text>
                    <Text style={[styles.td, { width: "22%" }]}>{company}</Text>
                    <View style={[styles.td, { width: "44%" }]}>
                      {mine?.signature ? <SignatureCell signature={mine.signature} /> : null}
                      {mine && mine.status && (mine.status !== "Présent" || !mine.signature) ? (
                        <Text style={styles.small}>{fr(`${mine.status}${mine.reason ? ` — ${pdfVisitorText(mine.reason)}` : ""}`)}</Text>
                      ) : null}
                      {!mine?.signature && !mine?.status && p ? <Text style={styles.small}>Non signé</Text> : null}
                    </View>
                  </View>
                );
              })}
            </View>
            {p?.files.length ? <Text style={styles.small}>{fr(p.files.map(pdfVisitorText).join(" · "))}</Text> : null}
            {counter ? (
              <View style={styles.signatureBlock} wrap={false}>
                <Text style={{ fontWeight: "bold" }}>Contre-signature du formateur (demi-journée close)</Text>
                <Text>{pdfVisitorText(counter.name)}</Text>
                <SignatureCell signature={counter} />
              </View>
            ) : (
              <SignatureBlock
                city={o.city}
                date={formatDate(halfDay.split(":")[0] ?? "")}
                signers={[
                  { title: "Signature du formateur", name: `Nom\u00a0: ${trainersOf(source, halfDay)}`.trim(), hint: "Signature" },
                  organisationSigner(source),
                ]}
              />
            )}
          </Sheet>
        );
      })}
      {signedOnline ? (
        <Sheet source={source} kind="emargement" issue={issue} subtitle={`Annexe${NBSP}: preuve de l'émargement en ligne`}>
          <Text>
            Chaque signature est enregistrée par le site avec l'heure du serveur (affichée à l'heure de Paris), la preuve de présence (code
            affiché en salle, changeant toutes les 30{NBSP}secondes, ou code à usage unique envoyé à l'adresse e-mail du stagiaire), la
            forme de la signature (dessinée ou nom tapé), l'adresse IP et le navigateur. Les enregistrements d'une demi-journée forment une
            chaîne{NBSP}: l'empreinte SHA-256 de chacun couvre l'empreinte du précédent et le contenu de l'enregistrement, si bien que la
            modification ou la suppression d'un enregistrement se voit.
          </Text>
          {source.session.halfDays
            .filter((h) => proof[h])
            .map((h) => {
              const p = proof[h]!;
              return (
                <Section key={h} title={halfDayLabel(h)}>
                  <Text style={styles.small}>{p.chain}</Text>
                  {p.records.map((r) => (
                    <View key={r.seq} style={{ marginTop: 4 }} wrap={false}>
                      <Text>
                        {fr(
                          `n°${NBSP}${r.seq} · ${r.at} · ${r.event}${r.who ? ` · ${pdfVisitorText(r.who)}` : ""}${r.method ? ` · ${pdfVisitorText(r.method)}` : ""}`,
                        )}
                      </Text>
                      {r.client ? <Text style={styles.small}>{pdfVisitorText(r.client)}</Text> : null}
                      <Text style={[styles.small, { fontSize: 7 }]}>
                        Empreinte{NBSP}: {r.hash}
                      </Text>
                    </View>
                  ))}
                </Section>
              );
            })}
        </Sheet>
      ) : null}
    </Document>
  );
}

/** Certificat de réalisation and attestation de fin de formation of one trainee (L6353-1, R6332-26). */
export function Certificate(props: TraineeDocument) {
  const { source, r, t, issue } = visitorTraineeDocument(props);
  const o = source.organisation;
  const c = source.clauses;
  const f = source.formation;
  const hours = hoursAttended(source, t);
  return (
    <Document title={`${KIND_LABELS.certificat} ${issue.number}`} author={o.name} language="fr">
      <Sheet source={source} kind="certificat" issue={issue} subtitle="Attestation de fin de formation (article L6353-1)">
        <Text>
          Je soussigné·e, {c.signatoryName}, {c.signatoryRole.toLowerCase()} de {o.name}, atteste que {t.firstName} {t.lastName}
          {r.companyName ? `, salarié·e de ${r.companyName},` : ""} a suivi l'action de formation ci-dessous.
        </Text>
        <Section title="Formation">
          <Field label="Intitulé de la formation">{f.title}</Field>
          <Field label="Nature de l'action">Action de formation (article L6313-1, 1° du Code du travail)</Field>
          <Field label="Dates">{source.session.datesLabel}</Field>
          <Field label="Lieu">{source.session.place}</Field>
          <Field label="Durée prévue">{fr(f.duration)}</Field>
          <Field label="Durée suivie">
            {fr(`${formatHours(hours)} (${formatCount(t.halfDays.length, "demi-journée")} sur ${source.session.halfDays.length})`)}
          </Field>
        </Section>
        <ObjectivesSection objectives={f.objectives} />
        <Section title="Résultat de l'évaluation des acquis">
          <Text>{resultLabel(t.result)}</Text>
          <Text style={styles.small}>Évaluation : {f.evaluationMethods}</Text>
        </Section>
        <SignatureBlock
          city={o.city}
          date={issue.issuedOn}
          after=", pour servir et valoir ce que de droit (justificatif de réalisation pour le financeur)"
          signers={[organisationSigner(source)]}
        />
      </Sheet>
    </Document>
  );
}

/* ----- A trainer's assignment: lettre de mission (salaried) or contrat de sous-traitance (external) ----- */

/** What a trainer's document is made from: the session's source and the trainer's assignment. */
interface MissionDocument {
  source: SourceData;
  mission: MissionData;
  issue: Issue;
}

/** The session as the trainer needs it: the formation, its dates, hours and place, and the half-days they teach. */
function MissionSession({ source, mission }: { source: SourceData; mission: MissionData }) {
  const f = source.formation;
  return (
    <>
      <Section title="Formation">
        <Field label="Intitulé de la formation">{f.title}</Field>
        <Field label="Nature de l'action">Action de formation (article L6313-1, 1° du Code du travail)</Field>
        <Field label="Dates de la session">{source.session.datesLabel}</Field>
        <Field label="Horaires">{source.session.hours}</Field>
        <Field label="Lieu">{source.session.place}</Field>
        <Field label="Modalité">{f.modality}</Field>
        <Field label="Durée de la formation">{fr(f.duration)}</Field>
      </Section>
      <Section title="Demi-journées confiées">
        {mission.halfDays.map((h) => (
          <Text key={h.value} style={styles.bullet}>
            • {h.label} ({h.hours})
          </Text>
        ))}
        <Text style={{ marginTop: 4 }}>
          {fr(
            `Soit ${formatCount(mission.halfDays.length, "demi-journée")}${mission.complete ? " (toute la session)" : ` sur ${source.session.halfDays.length}`} et ${formatHours(mission.hours)} de formation.`,
          )}
        </Text>
        {mission.others.length ? (
          <Text>
            Autres formateurs de la session{NBSP}: {mission.others.join(", ")}.
          </Text>
        ) : null}
      </Section>
      <ObjectivesSection objectives={f.objectives} />
      <Section title="Moyens pédagogiques et techniques">
        <Text>{f.teachingMethods}</Text>
      </Section>
      <Section title="Modalités d'évaluation">
        <Text>{f.evaluationMethods}</Text>
      </Section>
    </>
  );
}

/** The qualifications retained for this assignment (L6352-1: the titles and qualities of the teaching staff and their relation to the action). */
function Qualifications({ mission }: { mission: MissionData }) {
  const q = mission.trainer.qualifications;
  return (
    <Text>
      Qualifications retenues pour cette mission{NBSP}:{" "}
      {q.length
        ? `${q.join(", ")}.`
        : "les diplômes, titres et références professionnelles du formateur en rapport avec la formation, joints à son dossier."}
    </Text>
  );
}

/** What the trainer does during the session, salaried or external: the organisation's processes (L6353-1, L6352-3, Qualiopi). */
function TrainerDuties({ who }: { who: string }) {
  return (
    <>
      <Text style={styles.bullet}>
        • animer les demi-journées confiées selon le programme, les objectifs, les moyens pédagogiques et les modalités d'évaluation
        ci-dessus, préétablis par l'organisme de formation (article L6353-1 du Code du travail){NBSP};
      </Text>
      <Text style={styles.bullet}>
        • faire signer à chaque stagiaire la feuille d'émargement de chaque demi-journée et la signer{NBSP}; la remettre à l'organisme de
        formation à l'issue de la session, justificatif de la réalisation de l'action{NBSP};
      </Text>
      <Text style={styles.bullet}>
        • évaluer les acquis des stagiaires selon les modalités prévues et en transmettre les résultats, qui fondent le certificat de
        réalisation délivré par l'organisme (article L6353-1, alinéa 3){NBSP};
      </Text>
      <Text style={styles.bullet}>
        • faire respecter le règlement intérieur de l'organisme applicable aux stagiaires (article L6352-3), accueillir les stagiaires selon
        ses procédures, y compris l'adaptation prévue pour une personne en situation de handicap, et recueillir leurs appréciations{NBSP};
      </Text>
      <Text style={styles.bullet}>
        • signaler sans délai à l'organisme de formation toute absence, tout abandon, tout incident ou toute réclamation, et tout
        empêchement {who}.
      </Text>
    </>
  );
}

/** Lettre de mission of a salaried trainer: the half-days and hours of one session, within their employment contract. */
export function MissionLetter({ source, mission, issue }: MissionDocument) {
  const o = source.organisation;
  const t = mission.trainer;
  return (
    <Document title={`${KIND_LABELS.mission} ${issue.number}`} author={o.name} language="fr">
      <Sheet source={source} kind="mission" issue={issue} subtitle="Formateur salarié de l'organisme">
        <Section title="Formateur">
          <Field label="Nom">{t.name}</Field>
          <Field label="Qualité">{`Formateur interne, salarié·e de ${o.name}`}</Field>
          <Field label="Contact">{[t.email, t.phone].filter(Boolean).join(", ")}</Field>
        </Section>
        <Section title="Objet de la mission">
          <Text>
            Dans le cadre de votre contrat de travail, {o.name} vous confie l'animation des demi-journées ci-dessous de l'action de
            formation décrite dans la présente lettre.
          </Text>
          <Qualifications mission={mission} />
        </Section>
        <MissionSession source={source} mission={mission} />
        <Section title="Vos engagements">
          <Text>Pendant la mission, vous vous engagez à{NBSP}:</Text>
          <TrainerDuties who="de votre part" />
        </Section>
        <Section title="Temps de travail et frais">
          <Text>
            Les heures de la mission sont rémunérées dans les conditions de votre contrat de travail. Les frais de déplacement, de repas et
            d'hébergement engagés pour la mission sont remboursés selon les règles de l'organisme, sur justificatifs.
          </Text>
          <Text>
            Un changement des dates ou des demi-journées de la mission donne lieu à une nouvelle version de cette lettre, qui remplace la
            précédente.
          </Text>
        </Section>
        <SignatureBlock
          city={o.city}
          date={issue.issuedOn}
          signers={[organisationSigner(source), { title: "Le formateur, pour accord", name: t.name, hint: "Signature" }]}
        />
      </Sheet>
    </Document>
  );
}

/** The subcontractor as a party: a company (its trade name, represented by the trainer) or an independent trainer. */
function SubcontractorParty({ mission }: { mission: MissionData }) {
  const t = mission.trainer;
  const nda = t.nda
    ? `déclaration d'activité enregistrée sous le numéro ${t.nda}`
    : "sans déclaration d'activité enregistrée à la date du présent contrat";
  const who =
    t.status === "societe"
      ? `${t.companyName}, SIRET ${formatSiret(t.siret)}, ${nda}, représentée par ${t.name}, formateur qui intervient`
      : `${t.name}, formateur en activité indépendante, SIRET ${formatSiret(t.siret)}, ${nda}`;
  return (
    <Text>
      et {who}, {t.email}, ci-après «{NBSP}le sous-traitant{NBSP}».
    </Text>
  );
}

/**
 * Contrat de sous-traitance with an external trainer (independent or company): the organisation
 * stays the contracting party of its clients and trainees; the subcontractor follows its processes
 * (Qualiopi indicator 27), and the price is the accepted proposal annexed.
 */
export function SubcontractingContract({ source, mission, issue }: MissionDocument) {
  const o = source.organisation;
  const t = mission.trainer;
  const party = t.status === "societe" ? `Pour le sous-traitant, ${t.companyName}` : "Le sous-traitant";
  return (
    <Document title={`${KIND_LABELS["sous-traitance"]} ${issue.number}`} author={o.name} language="fr">
      <Sheet source={source} kind="sous-traitance" issue={issue} subtitle="Prestation de formation confiée à un formateur externe">
        <Section title="Entre les soussignés">
          <OrganisationParty source={source} />
          <SubcontractorParty mission={mission} />
        </Section>
        <Section title="Objet du contrat">
          <Text>
            L'organisme de formation confie au sous-traitant, qui l'accepte, l'animation des demi-journées ci-dessous de l'action de
            formation décrite au présent contrat, par {t.name}. L'organisme de formation reste seul signataire des conventions et contrats
            de formation conclus avec les clients et les stagiaires, et seul responsable de l'action à leur égard. Le sous-traitant ne
            confie pas tout ou partie de la prestation à un tiers, ni ne remplace l'intervenant, sans l'accord écrit de l'organisme de
            formation.
          </Text>
          <Qualifications mission={mission} />
        </Section>
        <MissionSession source={source} mission={mission} />
        <Section title="Respect du référentiel qualité">
          <Text>
            L'organisme de formation s'assure que la prestation sous-traitée respecte le référentiel national qualité (indicateur 27). Le
            sous-traitant applique à cette fin les processus de l'organisme et s'engage à{NBSP}:
          </Text>
          <TrainerDuties who="du sous-traitant" />
          <Text style={styles.bullet}>
            • justifier de ses diplômes, titres et références professionnelles en rapport avec la formation (article L6352-1) et informer
            l'organisme de leur mise à jour (indicateur 22){NBSP};
          </Text>
          <Text style={styles.bullet}>
            • ne traiter les données personnelles des stagiaires que pour les besoins de la prestation, sur les instructions de l'organisme,
            en garantir la confidentialité et les lui restituer ou les détruire à son terme (article 28 du règlement général sur la
            protection des données).
          </Text>
        </Section>
        <Section title="Indépendance et obligations du sous-traitant">
          <Text>
            Le sous-traitant exécute la prestation en toute indépendance, sans lien de subordination avec l'organisme de formation, dans le
            respect du présent contrat. Il déclare être immatriculé et à jour de ses obligations sociales et fiscales, et remet à
            l'organisme les documents prévus à l'article D8222-5 du Code du travail lors de la conclusion du contrat, puis tous les six mois
            jusqu'à la fin de son exécution, lorsque le montant de la prestation atteint 5{NBSP}000{NBSP}€ hors taxes (article L8222-1).
            Lorsque l'action est financée par le compte personnel de formation, il justifie de sa déclaration d'activité (articles L6323-9-2
            et L6351-1). Il est assuré pour sa responsabilité civile professionnelle.
          </Text>
        </Section>
        <Section title="Prix et facturation">
          <Text>
            Le prix de la prestation, ses frais et ses modalités de paiement sont ceux de la proposition du sous-traitant acceptée par
            l'organisme de formation, annexée au présent contrat. Le sous-traitant facture après la réalisation des demi-journées confiées,
            sur présentation des feuilles d'émargement signées.
          </Text>
        </Section>
        <Section title="Modification et annulation">
          <Text>
            Un changement des dates ou des demi-journées confiées donne lieu à une nouvelle version du présent contrat, qui remplace la
            précédente. En cas d'annulation de la session, l'organisme de formation en informe le sous-traitant dès qu'il la décide{NBSP};
            seules les demi-journées réalisées sont dues, sauf stipulation contraire de la proposition acceptée.
          </Text>
        </Section>
        <SignatureBlock
          city={o.city}
          date={issue.issuedOn}
          after=", en deux exemplaires originaux"
          signers={[
            organisationSigner(source),
            { title: party, name: t.name, hint: t.status === "societe" ? "Cachet et signature" : "Signature" },
          ]}
        />
      </Sheet>
    </Document>
  );
}

/** The templates a PDF thread renders by name (./render-worker.server.ts), from plain data only. */
/** What a devis prints (app/domain/documents/quote.server.ts): the request's client, the formation, the price, the validity. */
export interface QuoteData {
  leadReference: string;
  client: { name: string; company: string; siret: string; city: string; email: string };
  formationTitle: string;
  objectives: string[];
  duration: string;
  modality: string;
  datesLabel: string;
  place: string;
  trainees: number;
  priceEuros: number;
  vatMode: VatMode;
  validUntil: string;
  conditions: string;
}

/** Devis: the client, the formation, the price per trainee and in total (HT, TVA, TTC or the exemption), the validity, « bon pour accord ». */
export function Quote({
  source,
  quote: typed,
  issue,
}: {
  source: Pick<SourceData, "organisation" | "logo" | "clauses">;
  quote: QuoteData;
  issue: Issue;
}) {
  const q: QuoteData = {
    ...typed,
    client: {
      name: pdfVisitorText(typed.client.name),
      company: pdfVisitorText(typed.client.company),
      siret: pdfVisitorText(typed.client.siret),
      city: pdfVisitorText(typed.client.city),
      email: pdfVisitorText(typed.client.email),
    },
  };
  const o = source.organisation;
  return (
    <Document title={`${KIND_LABELS.devis} ${issue.number}`} author={o.name} language="fr">
      <Sheet source={source} kind="devis" issue={issue} subtitle={`Demande ${q.leadReference}`}>
        <Section title="Client">
          <Text>
            {q.client.company ? `${q.client.company}${q.client.siret ? `, SIRET ${formatSiret(q.client.siret)}` : ""}, ` : ""}
            {q.client.company ? `à l'attention de ${q.client.name}` : q.client.name}
            {q.client.city ? `, ${q.client.city}` : ""} · {q.client.email}
          </Text>
        </Section>
        <Section title="Formation">
          <Field label="Intitulé de la formation">{q.formationTitle}</Field>
          <Field label="Durée">{fr(q.duration)}</Field>
          <Field label="Dates">{q.datesLabel}</Field>
          {q.place ? <Field label="Lieu">{q.place}</Field> : null}
          <Field label="Modalité">{q.modality}</Field>
          <Field label="Nombre de stagiaires">{String(q.trainees)}</Field>
        </Section>
        {q.objectives.length ? <ObjectivesSection objectives={q.objectives} /> : null}
        <Section title="Prix">
          <PriceTable b={priceBreakdown(q.priceEuros, q.vatMode, q.trainees)} payer="le client" />
        </Section>
        <Section title="Validité du devis">
          <Text>Ce devis est valable jusqu'au {q.validUntil} inclus.</Text>
        </Section>
        <Section title="Conditions">
          <Text>{q.conditions || source.clauses.paymentTerms}</Text>
          <Text style={{ marginTop: 4 }}>Annulation et dédit&nbsp;: {source.clauses.cancellationPolicy}</Text>
        </Section>
        <SignatureBlock
          city={o.city}
          date={issue.issuedOn}
          signers={[
            organisationSigner(source),
            { title: "Bon pour accord, le client", name: q.client.name, hint: "Date, cachet et signature" },
          ]}
        />
      </Sheet>
    </Document>
  );
}

export const TEMPLATES = {
  Convention,
  Contract,
  Convocation,
  AttendanceSheet,
  Certificate,
  MissionLetter,
  SubcontractingContract,
  Quote,
};
