import { data, redirect } from "react-router";
import type { Route } from "./+types/questionnaire";
import { REFUSAL_MESSAGES, openInvitation, saveAnswers, type Access, type Refused } from "~/domain/questionnaires/answers.server";
import { AnswerRefused, AnswerScreen, type AnswerReply } from "~/domain/questionnaires/components/answer-page";
import { requireSpacePerson, spaceHeaders } from "~/domain/space/sign-in.server";
import { PRIVATE_CACHE_CONTROL } from "~/platform/http/cache-control";
import { formDataToObject } from "~/platform/validation/form-data";

/**
 * The answer page of one questionnaire (README « Questionnaires »), at two addresses:
 * /questionnaires/{signed link} (the e-mails', for trainees, contacts, trainers and financers) and
 * /espace/questionnaires/{id} (from the space, for its signed-in person only). Never cached.
 */

const STATUS: Record<Refused, number> = { invalide: 404, introuvable: 404, expire: 410, "autre-personne": 403 };

async function accessOf(params: { token?: string; id?: string }, request: Request): Promise<{ access: Access; headers: Headers }> {
  if (params.id) {
    const person = await requireSpacePerson(request);
    return { access: { via: "espace", id: params.id, email: person.email }, headers: spaceHeaders(person) };
  }
  return { access: { via: "lien", token: params.token ?? "", request }, headers: new Headers({ "Cache-Control": PRIVATE_CACHE_CONTROL }) };
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const { access, headers } = await accessOf(params, request);
  const opened = await openInvitation(access);
  if (!opened.ok) return data({ refused: REFUSAL_MESSAGES[opened.reason], view: null }, { status: STATUS[opened.reason], headers });
  return data({ refused: null, view: opened.page }, { headers });
}

export function headers() {
  return { "Cache-Control": PRIVATE_CACHE_CONTROL, "X-Robots-Tag": "noindex" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData?.view ? `Questionnaire\u00a0: ${loaderData.view.title}` : "Questionnaire" },
    { name: "robots", content: "noindex" },
  ];
}

export async function action({ params, request }: Route.ActionArgs) {
  const { access, headers } = await accessOf(params, request);
  const values = formDataToObject(await request.formData());
  const final = values.intent !== "enregistrer";
  const saved = await saveAnswers(access, values, final);
  if (saved.ok) {
    const here = params.id
      ? `/espace/questionnaires/${encodeURIComponent(params.id)}`
      : `/questionnaires/${encodeURIComponent(params.token ?? "")}`;
    if (final) throw redirect(here, { headers });
    return data({ saved: true } satisfies AnswerReply, { headers });
  }
  if (saved.kind === "refused")
    return data({ formError: REFUSAL_MESSAGES[saved.reason] } satisfies AnswerReply, { status: STATUS[saved.reason], headers });
  if (saved.kind === "conflict") return data({ formError: saved.message, values } satisfies AnswerReply, { status: 409, headers });
  return data({ errors: saved.errors, values } satisfies AnswerReply, { status: 400, headers });
}

export default function QuestionnairePage({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.view) return <AnswerRefused message={loaderData.refused ?? ""} />;
  return <AnswerScreen view={loaderData.view} reply={actionData as AnswerReply | undefined} />;
}
