import { Monitor, Moon, Sun } from "lucide-react";
import type { ReactNode } from "react";
import { useTheme } from "~/platform/theme/use-theme";
import type { Theme } from "~/platform/theme/theme";

const NEXT: Record<Theme, Theme> = { light: "dark", dark: "system", system: "light" };
const LABEL: Record<Theme, string> = { light: "clair", dark: "sombre", system: "système" };

/**
 * Cycles light → dark → system. The public header keeps the browser's own title; the admin passes
 * `wrap` to put its tooltip around the button (the tooltip library never reaches public pages).
 */
export function ThemeToggle({ wrap }: { wrap?: (label: string, button: ReactNode) => ReactNode }) {
  const [theme, setTheme] = useTheme();
  const Icon = theme === "dark" ? Moon : theme === "system" ? Monitor : Sun;
  const label = `Thème\u00a0: ${LABEL[theme]} (passer au thème ${LABEL[NEXT[theme]]})`;
  const button = (
    <button
      type="button"
      title={wrap ? undefined : label}
      onClick={() => setTheme(NEXT[theme])}
      aria-label={label}
      data-theme-choice={theme}
      className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
  return wrap ? wrap(label, button) : button;
}
