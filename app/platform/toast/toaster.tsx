import { useEffect } from "react";
import { toast as show, Toaster as SonnerToaster } from "sonner";
import { markToastLibraryLoaded, subscribeToasts, takeToasts } from "./notify";
import { TOAST_DURATION_MS, TOAST_MAX_VISIBLE, type Toast } from "./toast";

function display(toast: Toast): void {
  const options = { id: toast.id, description: toast.description };
  if (toast.kind === "error") show.error(toast.title, options);
  else if (toast.kind === "info") show.info(toast.title, options);
  else show.success(toast.title, options);
}

/** The toast library (sonner), loaded with the first toast: at most 3 visible, 4 s each. */
export default function Toaster() {
  useEffect(() => {
    markToastLibraryLoaded();
    const flush = () => takeToasts().forEach(display);
    flush();
    return subscribeToasts(flush);
  }, []);
  return (
    <SonnerToaster
      visibleToasts={TOAST_MAX_VISIBLE}
      duration={TOAST_DURATION_MS}
      position="bottom-right"
      richColors
      closeButton
      containerAriaLabel="Notifications"
      toastOptions={{ closeButtonAriaLabel: "Fermer la notification" }}
    />
  );
}
