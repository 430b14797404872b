import { Eye, Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { cn } from "../cn";
import { ConfirmDialog } from "../confirm-dialog";
import { Link } from "../link";

/** The public page of a row in a new tab: « Voir » once it is on the site, « Prévisualiser » before. */
export function RowPreviewLink({ to, name, visible, visibleTitle }: { to: string; name: string; visible: boolean; visibleTitle: string }) {
  return (
    <Link
      to={to}
      target="_blank"
      className="inline-flex size-9 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      aria-label={`${visible ? "Voir" : "Prévisualiser"} «\u00a0${name}\u00a0» (nouvel onglet)`}
      title={visible ? visibleTitle : "Aperçu"}
    >
      <Eye aria-hidden="true" className="size-4" />
    </Link>
  );
}

/** « Supprimer » on a row, confirmed in a dialog that says what goes with it (`children`). */
export function RowDeleteAction({
  name,
  busy,
  dialogTitle,
  onConfirm,
  children,
}: {
  name: string;
  busy: boolean;
  dialogTitle: string;
  onConfirm: () => void;
  children: ReactNode;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <button
        type="button"
        disabled={busy}
        onClick={() => setConfirming(true)}
        className="inline-flex size-9 items-center justify-center rounded-lg text-red-700 hover:bg-red-50 disabled:opacity-50 dark:text-red-400 dark:hover:bg-red-950"
        aria-label={`Supprimer «\u00a0${name}\u00a0»`}
        title="Supprimer"
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={dialogTitle}
        confirmLabel="Supprimer définitivement"
        danger
        onConfirm={onConfirm}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}

/** A status in a list cell, coloured by `className`. */
export function StatusPill({ className, children }: { className: string; children: ReactNode }) {
  return <span className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold", className)}>{children}</span>;
}
