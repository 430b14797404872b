import { Monitor, Moon, Sun } from "lucide-react";
import { useTheme } from "~/platform/theme/use-theme";
import type { Theme } from "~/platform/theme/theme";
import { Tooltip } from "../tooltip";

const NEXT: Record<Theme, Theme> = { light: "dark", dark: "system", system: "light" };
const LABEL: Record<Theme, string> = { light: "clair", dark: "sombre", system: "système" };

export function ThemeToggle() {
  const [theme, setTheme] = useTheme();
  const Icon = theme === "dark" ? Moon : theme === "system" ? Monitor : Sun;
  const label = `Thème : ${LABEL[theme]} (passer au thème ${LABEL[NEXT[theme]]})`;
  return (
    <Tooltip content={label}>
      <button
        type="button"
        onClick={() => setTheme(NEXT[theme])}
        aria-label={label}
        data-theme-choice={theme}
        className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <Icon aria-hidden="true" className="size-5" />
      </button>
    </Tooltip>
  );
}
