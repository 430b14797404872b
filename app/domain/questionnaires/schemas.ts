import { z } from "zod";
import { optionalText, requiredText } from "~/platform/validation/text-fields";
import {
  QUESTION_KINDS,
  QUESTION_ROLES,
  RATINGS,
  allowedValues,
  isChoice,
  isText,
  valuesOf,
  type Question,
  type QuestionnaireUse,
} from "./model";

/**
 * The questionnaires' schemas, shared by the browser and the server (app/platform/validation):
 * the editor's (a questionnaire and its questions), the answer page's (built from the questions
 * of the version answered), the settings and a financer's address.
 */

const lines = (v: unknown) =>
  (Array.isArray(v) ? v.join("\n") : String(v ?? ""))
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true || v === "1", z.boolean());

/** One question as the editor posts it (`questions.3.label`…): options and expected answers one per line. */
const questionSchema = z
  .object({
    id: z.preprocess((v) => String(v ?? "").trim(), z.string().regex(/^(q[a-z0-9]{1,12})?$/, "Question inconnue.")),
    kind: z.enum(QUESTION_KINDS, { error: "Choisissez le type de question." }),
    label: requiredText("L'intitulé", 3, 300),
    help: optionalText("L'aide", 300),
    required: checkbox,
    options: z.preprocess(
      lines,
      z
        .array(z.string().max(120, "Chaque choix ne dépasse pas 120 caractères."))
        .max(12, "12 choix au plus.")
        .refine((l) => new Set(l).size === l.length, "Deux choix portent le même texte."),
    ),
    expected: z.preprocess(lines, z.array(z.string().max(120)).max(12)),
    role: z.preprocess((v) => v ?? "", z.enum(QUESTION_ROLES, { error: "Rôle inconnu." })),
  })
  .superRefine((q, ctx) => {
    if (isChoice(q) && q.options.length < 2)
      ctx.addIssue({ code: "custom", path: ["options"], message: "Une question à choix propose au moins deux choix, un par ligne." });
    if (q.role === "globale" && q.kind !== "note")
      ctx.addIssue({ code: "custom", path: ["role"], message: "La question de satisfaction globale est une note de 1 à 5." });
    if (q.role === "recommandation" && q.kind !== "oui_non")
      ctx.addIssue({ code: "custom", path: ["role"], message: "La question de recommandation se répond par oui ou non." });
    if (isText(q) && q.expected.length > 0)
      ctx.addIssue({ code: "custom", path: ["expected"], message: "Une question à texte libre n'a pas de réponse attendue." });
    const allowed = allowedValues({ ...q, options: isChoice(q) ? q.options : [] } as Question);
    const expected =
      q.kind === "note" ? expandMinimum(q.expected) : q.kind === "oui_non" ? q.expected.map((e) => e.toLowerCase()) : q.expected;
    if (allowed && expected.some((e) => !allowed.includes(e)))
      ctx.addIssue({
        code: "custom",
        path: ["expected"],
        message:
          q.kind === "note"
            ? "Indiquez la note minimale attendue, de 1 à 5."
            : q.kind === "oui_non"
              ? "La réponse attendue est «\u00a0oui\u00a0» ou «\u00a0non\u00a0»."
              : "Chaque réponse attendue reprend exactement l'un des choix.",
      });
    if (q.kind === "oui_non" && q.expected.length > 1)
      ctx.addIssue({
        code: "custom",
        path: ["expected"],
        message: "Une seule réponse attendue\u00a0: «\u00a0oui\u00a0» ou «\u00a0non\u00a0».",
      });
  })
  .transform((q): Question => ({
    ...q,
    options: isChoice(q) ? q.options : [],
    expected: q.kind === "note" ? expandMinimum(q.expected) : q.kind === "oui_non" ? q.expected.map((e) => e.toLowerCase()) : q.expected,
  }));

/** A note question's expected answer is typed as its minimum (« 3 »): the notes 3, 4 and 5. */
function expandMinimum(expected: string[]): string[] {
  if (expected.length === 0) return [];
  if (expected.length === 1 && /^[1-5]$/.test(expected[0]!)) return RATINGS.filter((r) => r >= expected[0]!);
  return expected.every((e) => (RATINGS as readonly string[]).includes(e)) ? expected : ["?"];
}

/** The editor's form: title, introduction, the quiz's pass mark, the questions in their order. */
export function questionnaireSchema(use: QuestionnaireUse) {
  return z
    .object({
      title: requiredText("Le titre", 3, 120),
      intro: optionalText("L'introduction", 1000),
      passPercent: z.preprocess(
        (v) => (v === undefined || v === null || v === "" ? 70 : v),
        z.coerce
          .number({ error: "Indiquez un pourcentage." })
          .int("Indiquez un nombre entier.")
          .min(0, "De 0 à 100.")
          .max(100, "De 0 à 100."),
      ),
      questions: z.preprocess(
        (v) => (Array.isArray(v) ? v : v && typeof v === "object" ? Object.values(v) : []),
        z.array(questionSchema).min(1, "Ajoutez au moins une question.").max(40, "40 questions au plus."),
      ),
    })
    .superRefine((v, ctx) => {
      if (use === "a_chaud" && v.questions.filter((q) => q.role === "globale").length !== 1)
        ctx.addIssue({
          code: "custom",
          path: ["questions"],
          message: "Le questionnaire à chaud garde une et une seule question de satisfaction globale (elle fait le taux publié).",
        });
      if (v.questions.filter((q) => q.role === "recommandation").length > 1)
        ctx.addIssue({ code: "custom", path: ["questions"], message: "Une seule question de recommandation." });
      if (use === "evaluation" && !v.questions.some((q) => q.expected.length > 0))
        ctx.addIssue({
          code: "custom",
          path: ["questions"],
          message: "Le quiz indique la bonne réponse d'au moins une question (« Réponse attendue »).",
        });
    });
}
export type QuestionnaireInput = z.output<ReturnType<typeof questionnaireSchema>>;

/**
 * The answer page's schema, built from the questions answered. `final`: the answers are sent (the
 * required questions must be answered); otherwise they are saved to finish later.
 */
export function answerSchema(questions: Question[], final: boolean) {
  const shape: Record<string, z.ZodType> = {};
  for (const q of questions) {
    const allowed = allowedValues(q);
    const required = final && q.required;
    if (q.kind === "choix_multiple") {
      shape[q.id] = z.preprocess(
        (v) => valuesOf(v as string | string[] | undefined),
        z
          .array(z.string())
          .refine((l) => l.every((x) => allowed!.includes(x)), "Choisissez parmi les réponses proposées.")
          .refine((l) => !required || l.length > 0, "Choisissez au moins une réponse."),
      );
    } else if (allowed) {
      const message =
        q.kind === "note"
          ? "Choisissez une note de 1 à 5."
          : q.kind === "oui_non"
            ? "Répondez par oui ou par non."
            : "Choisissez une réponse.";
      shape[q.id] = z.preprocess(
        (v) => valuesOf(v as string | string[] | undefined)[0] ?? "",
        z
          .string()
          .refine((x) => x === "" || allowed.includes(x), message)
          .refine((x) => !required || x !== "", message),
      );
    } else {
      const max = q.kind === "texte_court" ? 300 : 5000;
      shape[q.id] = z.preprocess(
        (v) => (Array.isArray(v) ? v.join(" ") : String(v ?? "")).trim(),
        z
          .string()
          .max(max, `Votre réponse ne dépasse pas ${max}\u00a0caractères.`)
          .refine((x) => !required || x !== "", "Répondez à cette question."),
      );
    }
  }
  return z.object(shape).transform((v) => Object.fromEntries(Object.entries(v).filter(([, a]) => valuesOf(a as string[]).length > 0)));
}

/** The delays the organisation sets (/admin/questionnaires, admins). */
export const questionnaireSettingsSchema = z.object({
  reminderDays: z.coerce
    .number({ error: "Indiquez un nombre de jours." })
    .int("Indiquez un nombre entier de jours.")
    .min(1, "Un jour au moins.")
    .max(60, "60 jours au plus."),
  coldDays: z.coerce
    .number({ error: "Indiquez un nombre de jours." })
    .int("Indiquez un nombre entier de jours.")
    .min(14, "14 jours au moins.")
    .max(365, "365 jours au plus."),
  financerMonth: z.coerce
    .number({ error: "Choisissez un mois." })
    .int("Choisissez un mois.")
    .min(1, "Choisissez un mois.")
    .max(12, "Choisissez un mois."),
});
export type QuestionnaireSettings = z.output<typeof questionnaireSettingsSchema>;
export const DEFAULT_QUESTIONNAIRE_SETTINGS: QuestionnaireSettings = { reminderDays: 7, coldDays: 90, financerMonth: 1 };

/** A financer's address, typed by staff (empty: the financer receives nothing). */
export const financerAddressSchema = z.object({
  financeur: z.string().trim().min(1, "Financeur inconnu."),
  email: z.preprocess(
    (v) => String(v ?? "").trim(),
    z
      .string()
      .max(254, "L'adresse e-mail ne dépasse pas 254\u00a0caractères.")
      .refine((s) => s === "" || z.email().safeParse(s).success, "Saisissez une adresse e-mail valide, par exemple nom@domaine.fr."),
  ),
});
