import { useEffect, useRef, useState } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "./confirm-dialog";

/**
 * Warns before leaving a form with unsaved changes: in-app navigation asks in a dialog, closing or
 * reloading the tab gets the browser's own prompt. Call `markDirty` on input, `markSubmitting` when the
 * form is submitted (a save is not "leaving"), and render `dialog`.
 */
export function useUnsavedChanges() {
  const [dirty, setDirty] = useState(false);
  const leavingBySubmit = useRef(false);
  const proceeding = useRef(false);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !leavingBySubmit.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (leavingBySubmit.current) return;
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open && !proceeding.current && blocker.state === "blocked") blocker.reset();
      }}
      title="Quitter sans enregistrer ?"
      confirmLabel="Quitter sans enregistrer"
      cancelLabel="Rester sur la page"
      danger
      onConfirm={() => {
        proceeding.current = true;
        if (blocker.state === "blocked") blocker.proceed();
      }}
    >
      <p>Vos modifications n'ont pas été enregistrées. Si vous quittez cette page, elles seront perdues.</p>
    </ConfirmDialog>
  );

  return {
    dirty,
    markDirty: () => setDirty(true),
    markSubmitting: () => {
      leavingBySubmit.current = true;
    },
    /** After a refused save (errors shown), leaving must warn again. */
    resetSubmitting: () => {
      leavingBySubmit.current = false;
    },
    dialog,
  };
}
