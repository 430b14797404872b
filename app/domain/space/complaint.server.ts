import { sql } from "kysely";
import {
  SPACE_DAILY_LIMIT,
  complaintsOf,
  receiveSpaceComplaint,
  recentComplaintCount,
  type PersonComplaint,
} from "~/domain/complaints/complaints.server";
import { spaceComplaintSchema } from "~/domain/complaints/model";
import { sessionDatesLabel } from "~/domain/formations/labels";
import { db, type Db } from "~/platform/db/db.server";
import { subjectOf } from "~/platform/link-sign-in/link-sign-in.server";
import { validate, type FailureKind, type FieldErrors } from "~/platform/validation/errors";
import { formDataToObject } from "~/platform/validation/form-data";

/**
 * The space's complaint form (/espace/reclamation, docs/decisions/0035-complaints-register.md): the
 * signed-in person sends a complaint under their own identity (the address of the space session,
 * the name of their registration), about one of their registrations or none in particular; the
 * page lists their complaints with the written answer once sent.
 */

interface PersonRegistration {
  registrationId: string;
  role: "client" | "stagiaire";
  name: string;
  label: string;
}

/** The registrations the person is the contact or a trainee of (whatever their status: a complaint may follow a cancellation). */
async function personRegistrations(email: string, target: Db): Promise<PersonRegistration[]> {
  const subject = subjectOf(email);
  const [asContact, asTrainee] = await Promise.all([
    target
      .selectFrom("registrations as r")
      .innerJoin("formation_sessions as s", "s.id", "r.session_id")
      .innerJoin("formations as f", "f.id", "r.formation_id")
      .select(["r.id", "r.reference", "r.contact_name", "f.title", "s.start_date", "s.end_date"])
      .where(sql<string>`lower(r.contact_email)`, "=", subject)
      .orderBy("s.start_date", "desc")
      .execute(),
    target
      .selectFrom("registration_trainees as t")
      .innerJoin("registrations as r", "r.id", "t.registration_id")
      .innerJoin("formation_sessions as s", "s.id", "r.session_id")
      .innerJoin("formations as f", "f.id", "r.formation_id")
      .select(["r.id", "t.first_name", "t.last_name", "f.title", "s.start_date", "s.end_date"])
      .where(sql<string>`lower(t.email)`, "=", subject)
      .orderBy("s.start_date", "desc")
      .execute(),
  ]);
  const found = new Map<string, PersonRegistration>();
  for (const r of asContact)
    found.set(r.id, {
      registrationId: r.id,
      role: "client",
      name: r.contact_name,
      label: `${r.title}, ${sessionDatesLabel(r.start_date, r.end_date)} — inscription ${r.reference}`,
    });
  for (const r of asTrainee)
    if (!found.has(r.id))
      found.set(r.id, {
        registrationId: r.id,
        role: "stagiaire",
        name: `${r.first_name} ${r.last_name}`,
        label: `${r.title}, ${sessionDatesLabel(r.start_date, r.end_date)}`,
      });
  return [...found.values()];
}

export interface SpaceComplaintPage {
  options: Array<{ value: string; label: string }>;
  complaints: PersonComplaint[];
}

export async function spaceComplaintPage(email: string, target: Db = db()): Promise<SpaceComplaintPage> {
  const [registrations, complaints] = await Promise.all([personRegistrations(email, target), complaintsOf(email, target)]);
  return { options: registrations.map((r) => ({ value: r.registrationId, label: r.label })), complaints };
}

export type SpaceComplaintOutcome =
  { ok: true; reference: string } | { ok: false; kind: FailureKind; errors: FieldErrors; values: Record<string, unknown> };

/**
 * Registers the complaint of the signed-in person: their address and name, never typed; the
 * registration chosen must be one of theirs. A few a day at most (the staff are notified of each).
 */
export async function sendSpaceComplaint(
  email: string,
  form: FormData,
  target: Db = db(),
  now = Date.now(),
): Promise<SpaceComplaintOutcome> {
  const values = formDataToObject(form);
  const parsed = validate(spaceComplaintSchema, values);
  if (!parsed.ok) return { ok: false, kind: "invalid", errors: parsed.errors, values };
  const registrations = await personRegistrations(email, target);
  const chosen = parsed.value.inscription ? registrations.find((r) => r.registrationId === parsed.value.inscription) : undefined;
  if (parsed.value.inscription && !chosen)
    return { ok: false, kind: "invalid", errors: { inscription: "Choisissez une de vos formations dans la liste." }, values };
  if ((await recentComplaintCount(email, now, target)) >= SPACE_DAILY_LIMIT)
    return {
      ok: false,
      kind: "invalid",
      errors: {
        _form: `Vous avez déjà envoyé ${SPACE_DAILY_LIMIT}\u00a0réclamations aujourd'hui\u00a0: écrivez-nous par e-mail pour compléter.`,
      },
      values,
    };
  const person = chosen ?? registrations.find((r) => r.role === "client") ?? registrations[0];
  const stored = await receiveSpaceComplaint(
    {
      source: (chosen ?? person)?.role === "stagiaire" ? "espace-stagiaire" : "espace-client",
      name: person?.name ?? "",
      email: subjectOf(email),
      message: parsed.value.message,
      about: chosen?.label ?? "",
      registrationId: chosen?.registrationId ?? null,
    },
    target,
    now,
  );
  return { ok: true, reference: stored.reference };
}
