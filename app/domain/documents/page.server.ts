import { sessionTrainers } from "~/domain/trainers/trainers.server";
import { db, type Db } from "~/platform/db/db.server";
import { parisCalendarDay } from "~/platform/intl";
import { loadRegistrations, loadSource } from "./data.server";
import { listDocuments, type DocumentRow } from "./documents.server";
import { listBatches, type BatchView } from "./jobs.server";
import { halfDayLabel, type TrainerDocumentKind } from "./model";

/** What the session's documents page shows (/admin/sessions/{id}/documents). */
export interface DocumentsPage {
  session: { id: string; title: string; datesLabel: string; place: string; ended: boolean };
  halfDays: Array<{ value: string; label: string }>;
  registrations: Array<{
    id: string;
    reference: string;
    buyer: string;
    buyerKind: "entreprise" | "particulier";
    trainees: Array<{
      id: string;
      name: string;
      halfDays: string[];
      result: string;
      /** The assessment quiz's score and the result it proposes, when the trainee answered it (composed by the route). */
      quiz?: { score: number; passPercent: number; proposed: string };
    }>;
  }>;
  /** The trainers assigned, each with the document of their assignment: lettre de mission (salaried) or contrat de sous-traitance. */
  trainers: Array<{ id: string; name: string; kind: TrainerDocumentKind; halfDays: number; complete: boolean }>;
  documents: DocumentRow[];
  batches: BatchView[];
}

export async function documentsPage(sessionId: string, target: Db = db(), now = Date.now()): Promise<DocumentsPage | null> {
  const source = await loadSource(sessionId, target);
  if (!source) return null;
  const regs = await loadRegistrations(sessionId, target);
  return {
    session: {
      id: sessionId,
      title: source.formation.title,
      datesLabel: source.session.datesLabel,
      place: source.session.place,
      ended: parisCalendarDay(new Date(now)) >= source.session.endDate,
    },
    halfDays: source.session.halfDays.map((h) => ({ value: h, label: halfDayLabel(h) })),
    registrations: regs.map((r) => ({
      id: r.id,
      reference: r.reference,
      buyer: r.companyName || r.contactName,
      buyerKind: r.buyerKind,
      trainees: r.trainees.map((t) => ({ id: t.id, name: `${t.firstName} ${t.lastName}`, halfDays: t.halfDays, result: t.result })),
    })),
    trainers: (await sessionTrainers(sessionId, target)).map((a) => ({
      id: a.trainer.id,
      name: a.trainer.name,
      kind: a.trainer.status === "interne" ? "mission" : "sous-traitance",
      halfDays: a.halfDays.length,
      complete: a.complete,
    })),
    documents: await listDocuments({ sessionId }, target),
    batches: await listBatches(sessionId, target),
  };
}
