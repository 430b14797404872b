import * as Dialog from "@radix-ui/react-dialog";
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/ui/button";
import { inputClass } from "~/ui/form/input-class";
import { schemaValidator, useForm, type SubmissionReply } from "~/ui/form/use-form";

/** Where the dialog posts (app/routes/auth/account-delete.ts). */
export const ACCOUNT_DELETE_PATH = "/api/account/delete";

const loadValidator = () => import("~/platform/auth/forms").then((m) => schemaValidator(m.deleteAccountSchema));

function Message({ id, text }: { id?: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-400">
      {text}
    </p>
  );
}

/**
 * The dialog's form (mounted while the dialog is open, so that closing it forgets what was typed):
 * the shared form pattern. The server checks the confirmation and the password with the same schema,
 * then deletes the account; its refusal shows beside the field it is about.
 */
function DeleteAccountForm() {
  const fetcher = useFetcher<SubmissionReply>();
  const form = useForm({ id: "delete-account", reply: fetcher.data ?? null, validator: loadValidator, focusField: true });
  const [password, setPassword] = useState("");
  const ids = { password: useId(), confirm: useId() };
  const errors = { password: form.errors.password, confirm: form.errors.confirm };
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={ACCOUNT_DELETE_PATH} {...form.formProps} className="mt-5 space-y-4">
      <div>
        <label htmlFor={ids.password} className="block text-sm font-medium">
          Mot de passe actuel
        </label>
        <input
          id={ids.password}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-describedby={errors.password ? `${ids.password}-error` : undefined}
          aria-invalid={errors.password ? true : undefined}
          className={inputClass(errors.password, "mt-1")}
        />
        <Message id={`${ids.password}-error`} text={errors.password} />
      </div>
      <div>
        <div className="flex items-start gap-2">
          <input
            id={ids.confirm}
            name="confirm"
            type="checkbox"
            aria-describedby={errors.confirm ? `${ids.confirm}-error` : undefined}
            aria-invalid={errors.confirm ? true : undefined}
            className="mt-1 size-4"
          />
          <label htmlFor={ids.confirm} className="text-sm">
            Je confirme vouloir supprimer définitivement mon compte.
          </label>
        </div>
        <Message id={`${ids.confirm}-error`} text={errors.confirm} />
      </div>
      <Message text={form.formError} />
      <div className="flex flex-wrap justify-end gap-3 pt-2">
        <Dialog.Close asChild>
          <Button variant="secondary">Annuler</Button>
        </Dialog.Close>
        <Button type="submit" variant="danger" disabled={busy || password.length === 0}>
          Supprimer définitivement
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** "Supprimer mon compte": confirmation and password, then the server deletes the account. */
export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-2xl dark:bg-slate-900">
          <Dialog.Title className="text-xl font-bold">Supprimer mon compte</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            Votre compte, vos sessions et vos données personnelles seront effacés définitivement. Cette action est irréversible.
          </Dialog.Description>
          <DeleteAccountForm />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
