import * as Dialog from "@radix-ui/react-dialog";
import { useId, useState, type FormEvent } from "react";
import { useAuth } from "~/platform/auth/auth-context";
import { AuthError } from "~/platform/auth/client";
import { Button } from "~/ui/button";
import { inputClass } from "~/ui/form/fields";

/** "Supprimer mon compte": confirmation and password, then Better Auth deletes the account. */
export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const auth = useAuth();
  const [password, setPassword] = useState("");
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { password: useId(), confirm: useId(), error: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!confirmed) {
      setError("Cochez la case pour confirmer la suppression.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await auth.deleteAccount(password);
      onOpenChange(false);
    } catch (e) {
      setError(e instanceof AuthError ? e.message : "Une erreur est survenue");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setPassword("");
          setConfirmed(false);
          setError(null);
        }
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-2xl dark:bg-slate-900">
          <Dialog.Title className="text-xl font-bold">Supprimer mon compte</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            Votre compte, vos sessions et vos données personnelles seront effacés définitivement. Cette action est irréversible.
          </Dialog.Description>
          <form onSubmit={submit} className="mt-5 space-y-4" noValidate>
            <div>
              <label htmlFor={ids.password} className="block text-sm font-medium">
                Mot de passe actuel
              </label>
              <input
                id={ids.password}
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-describedby={error ? ids.error : undefined}
                aria-invalid={error ? true : undefined}
                className={inputClass(error ?? undefined, "mt-1")}
              />
            </div>
            <div className="flex items-start gap-2">
              <input
                id={ids.confirm}
                type="checkbox"
                checked={confirmed}
                onChange={(e) => setConfirmed(e.target.checked)}
                className="mt-1 size-4"
              />
              <label htmlFor={ids.confirm} className="text-sm">
                Je confirme vouloir supprimer définitivement mon compte.
              </label>
            </div>
            {error ? (
              <p id={ids.error} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
                {error}
              </p>
            ) : null}
            <div className="flex flex-wrap justify-end gap-3 pt-2">
              <Dialog.Close asChild>
                <Button variant="secondary">Annuler</Button>
              </Dialog.Close>
              <Button type="submit" variant="danger" disabled={busy || password.length === 0}>
                Supprimer définitivement
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
