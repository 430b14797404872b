import { ChevronDown, CircleUser, Download, LayoutDashboard, LogOut, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Link } from "~/ui/link";
import { useAuth } from "~/platform/auth/auth-context";
import { cn } from "~/ui/cn";
import { DeleteAccountDialog } from "./delete-account-dialog";
import { ROLE_LABELS } from "~/platform/auth/roles";

export const ACCOUNT_EXPORT_PATH = "/api/account/export";

const itemBase =
  "flex min-h-11 w-full items-center gap-3 rounded-md px-3 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800";
const itemClass = `${itemBase} text-slate-800 dark:text-slate-100`;

/**
 * The signed-in user's menu (header and admin frame): identity and role, administration link for
 * editors, download my data, delete my account, sign out. A disclosure: Escape or a click outside closes it.
 */
export function UserMenu({ className, align = "right" }: { className?: string; align?: "left" | "right" }) {
  const auth = useAuth();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // The button answers clicks once the menu's code has run in the browser (it is loaded on its own).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const user = auth.user;
  if (!user) return null;

  async function signOut() {
    setOpen(false);
    try {
      await auth.signOut();
    } catch {
      /* toast shown */
    }
  }

  return (
    <div ref={root} className={cn("relative", className)}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
        data-testid="user-menu-button"
        data-ready={ready ? "true" : undefined}
      >
        <CircleUser aria-hidden="true" className="size-6" />
        <span className="hidden max-w-40 truncate sm:inline">{user.displayName}</span>
        <span className="sr-only sm:hidden">Mon compte</span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </button>
      {open ? (
        <div
          id={panelId}
          className={cn(
            "absolute z-40 mt-2 w-72 rounded-xl border border-slate-200 bg-white p-2 shadow-xl dark:border-slate-700 dark:bg-slate-900",
            align === "right" ? "right-0" : "left-0",
          )}
        >
          <div className="border-b border-slate-200 px-3 pt-1 pb-3 dark:border-slate-700">
            <p className="truncate font-semibold">{user.displayName}</p>
            <p className="truncate text-sm text-slate-600 dark:text-slate-400">{user.email}</p>
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">Rôle : {ROLE_LABELS[user.role]}</p>
          </div>
          <ul className="flex flex-col pt-2">
            {auth.isEditor ? (
              <li>
                <Link to="/admin" className={itemClass}>
                  <LayoutDashboard aria-hidden="true" className="size-4" />
                  Administration
                </Link>
              </li>
            ) : null}
            <li>
              <a href={ACCOUNT_EXPORT_PATH} download className={itemClass} onClick={() => setOpen(false)}>
                <Download aria-hidden="true" className="size-4" />
                Télécharger mes données
              </a>
            </li>
            <li>
              <button
                type="button"
                className={cn(itemBase, "text-red-700 dark:text-red-400")}
                onClick={() => {
                  setOpen(false);
                  setDeleting(true);
                }}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Supprimer mon compte
              </button>
            </li>
            <li className="mt-1 border-t border-slate-200 pt-1 dark:border-slate-700">
              <button type="button" className={itemClass} onClick={signOut}>
                <LogOut aria-hidden="true" className="size-4" />
                Se déconnecter
              </button>
            </li>
          </ul>
        </div>
      ) : null}
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
    </div>
  );
}
