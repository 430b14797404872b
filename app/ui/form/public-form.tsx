import { useEffect, useState, type ReactNode } from "react";
import { HONEYPOT_FIELD, TOKEN_FIELD } from "~/platform/intake/fields";

/**
 * The chrome of the site's public forms (quote, contact, registration): their sections, their
 * anti-spam fields and token (app/platform/intake/guard.server.ts), the send button's spinner.
 */

/**
 * The form's own token (minimum fill time, duplicate key): asked for when the form appears, as
 * the page itself is shared by every visitor. Without JavaScript the form goes without one and the
 * server asks the visitor to confirm once (with a token of their own).
 */
export function useFormToken(kind: string, fromServer: string | undefined): string {
  const [token, setToken] = useState(fromServer ?? "");
  useEffect(() => {
    if (fromServer) {
      setToken(fromServer);
      return;
    }
    let cancelled = false;
    fetch(`/api/jeton-formulaire?formulaire=${kind}`, { cache: "no-store" })
      .then((r) => (r.ok ? (r.json() as Promise<{ token: string }>) : null))
      .then((answer) => {
        if (!cancelled && answer?.token) setToken(answer.token);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [kind, fromServer]);
  return token;
}

export function FormSection({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-t border-slate-200 pt-6 first:border-t-0 first:pt-0 dark:border-slate-800">
      <h2 id={id} className="text-lg font-bold text-slate-900 dark:text-white">
        {title}
      </h2>
      <div className="mt-4 grid gap-5 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/** The turning circle of a submit button while the form is sent. */
export function SendingIcon() {
  return <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-current border-t-transparent" />;
}

/** Anti-spam fields: the honeypot (off-screen, never announced) and this display's token. */
export function SpamGuards({ token }: { token: string }) {
  return (
    <>
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${HONEYPOT_FIELD}-field`}>Site web (laissez ce champ vide)</label>
        <input id={`${HONEYPOT_FIELD}-field`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <input type="hidden" name={TOKEN_FIELD} value={token} />
    </>
  );
}

/**
 * The last step of a form sent without a token of its own (no JavaScript): the visitor checks the
 * form and sends it once more with the button named `submitLabel`.
 */
export function ConfirmNotice({ submitLabel }: { submitLabel: string }) {
  return (
    <div
      role="status"
      className="mb-8 rounded-xl border border-brand-300 bg-brand-50 p-5 text-brand-950 dark:border-brand-800 dark:bg-slate-900 dark:text-brand-100"
    >
      <h2 className="text-base font-bold">Dernière étape</h2>
      <p className="mt-2 text-sm">
        Vérifiez vos informations ci-dessous, puis confirmez l'envoi en cliquant une dernière fois sur «&nbsp;{submitLabel}&nbsp;».
      </p>
    </div>
  );
}
