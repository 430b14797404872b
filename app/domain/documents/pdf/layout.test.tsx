import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { pdfText, pdfTextItems, type PdfTextItem } from "../../../../tests/support/pdf-text";
import { DEFAULT_DOCUMENT_CLAUSES } from "~/domain/settings/document-clauses";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import { formatTimeRange } from "~/platform/format";
import { renderPdf } from "~/platform/pdf/pdf.server";
import type { RegistrationData, SourceData } from "../data.server";
import { sessionHalfDays } from "../model";
import { DEMO_SOURCE_REGISTRATION } from "../preview";
import type { MissionData } from "../data.server";
import { AttendanceSheet, Certificate, Contract, Convention, Convocation, MissionLetter, SubcontractingContract } from "./templates.server";

/**
 * The layout of the seven documents, read back from the PDF's text positions: the title does not run
 * into the line under it, and no page ends with a heading (whatever the length of what precedes it).
 */

const TITLE_SIZE = 16;
const HEADING_SIZE = 11;
/** Liberation Sans: ascent and descent, in ems. */
const ASCENT = 0.905;
const DESCENT = 0.212;
/** The footer starts 778 pt from the top of the page (templates.server.tsx). */
const FOOTER_TOP = 770;

function source(objectives: number): SourceData {
  return {
    organisation: DEMO_ORGANISATION,
    clauses: DEFAULT_DOCUMENT_CLAUSES,
    logo: undefined,
    formation: {
      title: "Excel perfectionnement : tableaux croisés dynamiques",
      objectives: Array.from({ length: objectives }, (_, i) => `Objectif ${i + 1} de la formation`),
      program: Array.from({ length: 4 }, (_, i) => ({
        title: `Module ${i + 1}`,
        content: "Notions, exercices et cas pratiques.",
        durationHours: 3.5,
      })),
      duration: "14\u00a0h (2\u00a0jours)",
      durationHours: 14,
      modality: "Présentiel",
      prerequisites: "Connaître les bases d'Excel.",
      audience: "",
      teachingMethods: "Apports théoriques et exercices pratiques.",
      evaluationMethods: "Évaluation finale des acquis.",
      priceInter: 1250,
      vatMode: "ht",
      contact: "",
    },
    session: {
      id: "s",
      datesLabel: "du 2 au 3 mars 2027",
      hours: formatTimeRange("09:00", "17:00"),
      place: "Lyon",
      startDate: "2027-03-02",
      endDate: "2027-03-03",
      halfDays: sessionHalfDays("2027-03-02", "2027-03-03"),
      dayStart: "09:00",
      dayEnd: "17:00",
      disabilityContact: "",
      trainers: [],
    },
  };
}

const company = DEMO_SOURCE_REGISTRATION;
const person: RegistrationData = {
  ...company,
  buyerKind: "particulier",
  companyName: "",
  seats: 1,
  trainees: company.trainees.slice(0, 1),
};
const trainee = { ...company.trainees[0]!, halfDays: sessionHalfDays("2027-03-02", "2027-03-03"), result: "acquis" };
const issue = { number: "CONV-2027-0001", issuedOn: "2 décembre 2026" };

const documents: Record<string, (s: SourceData) => ReactElement> = {
  convention: (s) => <Convention source={s} r={company} issue={issue} />,
  contrat: (s) => <Contract source={s} r={person} issue={issue} />,
  convocation: (s) => <Convocation source={s} r={company} t={trainee} issue={issue} />,
  emargement: (s) => <AttendanceSheet source={s} registrations={[company]} issue={issue} />,
  certificat: (s) => <Certificate source={s} r={company} t={trainee} issue={issue} />,
  mission: (s) => <MissionLetter source={s} mission={mission("interne")} issue={issue} />,
  "sous-traitance": (s) => <SubcontractingContract source={s} mission={mission("societe")} issue={issue} />,
};

function mission(status: MissionData["trainer"]["status"]): MissionData {
  return {
    trainer: {
      id: "t",
      name: "Irène Joliot",
      email: "irene@joliot.test",
      phone: "",
      status,
      statusLabel: "",
      companyName: "Joliot Formation SARL",
      siret: "73282932000074",
      nda: "",
      qualifications: ["TOSA Excel expert"],
    },
    halfDays: [{ value: "2027-03-02:matin", label: "mardi 2 mars 2027, matin", hours: formatTimeRange("09:00", "13:00") }],
    hours: 3.5,
    complete: false,
    others: [],
  };
}

const top = (i: PdfTextItem) => i.y - ASCENT * i.size;
const bottom = (i: PdfTextItem) => i.y + DESCENT * i.size;

describe("training documents' layout", () => {
  it.each(Object.keys(documents))("%s: the title does not overlap the line under it", async (kind) => {
    const [page] = await pdfTextItems(await renderPdf(documents[kind]!(source(3))));
    const title = page!.find((i) => i.size === TITLE_SIZE)!;
    expect(title).toBeDefined();
    const next = page!.find((i) => i.y > title.y && i.size !== TITLE_SIZE)!;
    expect(bottom(title), `${title.text} / ${next.text}`).toBeLessThanOrEqual(top(next));
  });

  // One more objective moves every heading below it down by a line: over these lengths, each heading
  // passes the foot of the first page (a certificate needs many to fill its page).
  it.each([
    ["convention", 1],
    ["contrat", 1],
    ["convocation", 1],
    ["certificat", 26],
    ["mission", 1],
    ["sous-traitance", 1],
  ] as const)("%s: no page ends with a heading, whatever the length of the text above it", { timeout: 120_000 }, async (kind, from) => {
    for (let objectives = from; objectives < from + 24; objectives += 2) {
      const pages = await pdfTextItems(await renderPdf(documents[kind]!(source(objectives))));
      pages.forEach((items, n) => {
        const body = items.filter((i) => i.y < FOOTER_TOP);
        const last = body.at(-1)!;
        expect(last.size, `${objectives} objectifs, page ${n + 1} finit par « ${last.text} »`).not.toBe(HEADING_SIZE);
      });
    }
  });
});

describe("what visitors typed, in the documents", () => {
  it("a right-to-left override in the contact's name does not reverse the organisation's words after it", async () => {
    const r = { ...company, contactName: "Claire \u202eDupré", companyName: "Boulangerie \u2067Dupré" };
    const text = await pdfText(await renderPdf(<Convention source={source(3)} r={r} issue={issue} />));
    expect(text).toContain("et Boulangerie Dupré");
    expect(text).toContain("représentée par Claire Dupré, ci-après « le client » (inscription");
    expect(text).toContain("Pour le client, Boulangerie Dupré");
  });

  it("emoji and pictographs the font cannot draw are left out, the name around them is kept", async () => {
    const t = { ...trainee, firstName: "Élise 😀", lastName: "Martin 👩\u200d💻", jobTitle: "Comptable 🇫🇷" };
    const text = await pdfText(await renderPdf(<Certificate source={source(3)} r={company} t={t} issue={issue} />));
    expect(text).toContain("atteste que Élise Martin, salarié·e de");
    expect(text).not.toMatch(/\p{Extended_Pictographic}|\u200d|\p{Regional_Indicator}/u);
  });

  it("a very long name breaks inside its cell of the attendance sheet and stays out of the signature column", async () => {
    const long = "Wolfeschlegelsteinhausenbergerdorffvoralternwaren";
    const r = {
      ...company,
      companyName: "Établissementsdelabonnecuisinelyonnaiseetfrancaise",
      trainees: [{ ...trainee, lastName: long, firstName: "Hubert" }],
    };
    const [page] = await pdfTextItems(await renderPdf(<AttendanceSheet source={source(3)} registrations={[r]} issue={issue} />));
    const signature = page!.find((i) => i.text === "Signature du stagiaire")!;
    const company_ = page!.find((i) => i.text === "Entreprise")!;
    const name = page!.filter((i) => i.y > signature.y && i.x < company_.x && /^[A-Z-]+$/.test(i.text.replace(/\s.*$/, "")));
    expect(name.length, "the name is on several lines").toBeGreaterThan(1);
    expect(name.map((i) => i.text.replace(/-$/, "")).join("")).toContain(long.toUpperCase());
    for (const i of name) expect(i.x + i.width, `« ${i.text} »`).toBeLessThanOrEqual(company_.x);
    const firm = page!.filter(
      (i) => (i.y > signature.y && i.x >= company_.x - 1 && i.x < signature.x && i.text.startsWith("É")) || /^[a-z]+-?$/.test(i.text),
    );
    expect(firm.length).toBeGreaterThan(1);
    for (const i of firm) expect(i.x + i.width, `« ${i.text} »`).toBeLessThanOrEqual(signature.x);
  });
});
