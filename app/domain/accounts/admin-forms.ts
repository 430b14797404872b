import { z } from "zod";
import { ROLES } from "~/platform/auth/roles";

/** The message of a row form that was tampered with (or sent by an old page). */
export const INVALID_REQUEST = "Requête invalide.";

const target = (max: number) => z.string({ error: INVALID_REQUEST }).min(1, INVALID_REQUEST).max(max, INVALID_REQUEST);
const yesNo = z.enum(["true", "false"], { error: INVALID_REQUEST });

/**
 * The small forms of the users screen (/admin/utilisateurs): which row (`target`) and what to do
 * with it. The action checks a posted row form with it (`parseSubmission`); the browser loads the
 * same module when the admin enters one of these forms (`useForm`).
 */
export const userRowSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("role"), target: target(100), role: z.enum(ROLES, { error: INVALID_REQUEST }) }),
    z.object({ intent: z.literal("active"), target: target(100), active: yesNo }),
    z.object({ intent: z.enum(["resend", "revoke"]), target: target(100) }),
    z.object({ intent: z.literal("unlock"), target: target(500) }),
    z.object({
      intent: z.literal("sign-up"),
      target: z.string({ error: INVALID_REQUEST }).max(20, INVALID_REQUEST).optional(),
      open: yesNo,
    }),
  ],
  { error: INVALID_REQUEST },
);

export type UserRowInput = z.output<typeof userRowSchema>;
