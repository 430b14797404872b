import { data } from "react-router";
import type { Route } from "./+types/account-delete";
import { cookieHeaders, deleteAccountOnServer } from "~/platform/auth/auth-forms.server";
import { requireUser } from "~/platform/auth/guard.server";
import { dataWithToast, redirectWithToast } from "~/platform/toast/flash.server";

/**
 * « Supprimer mon compte » (the account menu's dialog posts here): password and confirmation checked
 * on the server, then the account is deleted, its session ends and the home page says so. A refusal
 * comes back with its message beside the field.
 */
export async function action({ request }: Route.ActionArgs) {
  await requireUser(request);
  const answer = await deleteAccountOnServer(request, await request.formData());
  if (!answer.ok && answer.failure) {
    const toast = { kind: "error", title: "Suppression impossible", description: answer.failure } as const;
    return dataWithToast(answer.reply, toast, { status: answer.status });
  }
  if (!answer.ok) return data(answer.reply, { status: answer.status });
  return redirectWithToast(
    "/",
    { kind: "success", title: "Compte supprimé", description: "Votre compte et vos données personnelles ont été effacés." },
    { headers: cookieHeaders(answer.cookies) },
  );
}
