import type { DocumentClauses } from "~/domain/settings/document-clauses";
import { getOrganisation } from "~/domain/settings/settings.server";
import type { Db } from "~/platform/db/db.server";
import { formatTimeRange } from "~/platform/format";
import type { RegistrationData, SourceData } from "./data.server";
import { sessionHalfDays } from "./model";

/** The sample formation, session and client of the clauses' preview (the organisation is the real one). */
export const DEMO_SOURCE_REGISTRATION: RegistrationData = {
  id: "apercu",
  reference: "INS-EXEMPLE",
  buyerKind: "entreprise",
  companyName: "Entreprise cliente (exemple)",
  siret: "",
  address: "1 place de l'Exemple, 69001 Lyon",
  contactName: "Camille Exemple",
  contactEmail: "camille@exemple.fr",
  funding: "Prise en charge par un OPCO",
  seats: 2,
  trainees: [
    {
      id: "t1",
      registrationId: "apercu",
      firstName: "Camille",
      lastName: "Exemple",
      email: "",
      jobTitle: "Comptable",
      halfDays: [],
      result: "",
    },
    {
      id: "t2",
      registrationId: "apercu",
      firstName: "Dominique",
      lastName: "Exemple",
      email: "",
      jobTitle: "Assistante",
      halfDays: [],
      result: "",
    },
  ],
};

export async function demoSource(clauses: DocumentClauses, target: Db): Promise<SourceData> {
  return {
    organisation: await getOrganisation(target),
    clauses,
    logo: undefined,
    formation: {
      title: "Formation d'exemple",
      objectives: ["Premier objectif de la formation", "Second objectif de la formation"],
      program: [{ title: "Module d'exemple", content: "Contenu du module.", durationHours: 7 }],
      duration: "7\u00a0h (1\u00a0jour)",
      durationHours: 7,
      modality: "Présentiel",
      prerequisites: "Aucun prérequis.",
      audience: "",
      teachingMethods: "Apports théoriques et exercices pratiques.",
      evaluationMethods: "Évaluation finale des acquis.",
      priceInter: 500,
      vatMode: "ht",
      contact: "",
    },
    session: {
      id: "apercu",
      datesLabel: "le 2 mars 2027",
      hours: formatTimeRange("09:00", "17:00"),
      place: "Lyon",
      startDate: "2027-03-02",
      endDate: "2027-03-02",
      halfDays: sessionHalfDays("2027-03-02", "2027-03-02"),
      dayStart: "09:00",
      dayEnd: "17:00",
      disabilityContact: "",
      trainers: [],
    },
  };
}
