import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import type { ReactNode } from "react";
import { Toaster } from "sonner";

/** Spec §9: tooltips open after 700 ms (skip delay 300 ms); at most 3 toasts, closing after 4 s. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const TOAST_DURATION_MS = 4000;
export const TOAST_MAX_VISIBLE = 3;

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
      <Toaster
        visibleToasts={TOAST_MAX_VISIBLE}
        duration={TOAST_DURATION_MS}
        position="bottom-right"
        richColors
        closeButton
        toastOptions={{ closeButton: true }}
        containerAriaLabel="Notifications"
      />
    </TooltipPrimitive.Provider>
  );
}
