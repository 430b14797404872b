import { BriefcaseBusiness, FileSpreadsheet, Handshake, HardHat, Languages, MonitorSmartphone, Users, type LucideIcon } from "lucide-react";

/**
 * The illustrated cover of a formation without its own image: one per category (colours, motif and
 * pictogram), drawn in SVG shipped with the site, in light and dark themes. Decorative: the card
 * names the formation and its category in text.
 */
const COVERS: Record<string, { icon: LucideIcon; light: string; dark: string; motif: "waves" | "dots" | "grid" }> = {
  bureautique: {
    icon: FileSpreadsheet,
    light: "from-emerald-100 to-teal-200 text-emerald-800",
    dark: "dark:from-emerald-950 dark:to-teal-900 dark:text-emerald-200",
    motif: "grid",
  },
  management: {
    icon: Users,
    light: "from-indigo-100 to-violet-200 text-indigo-800",
    dark: "dark:from-indigo-950 dark:to-violet-900 dark:text-indigo-200",
    motif: "waves",
  },
  langues: {
    icon: Languages,
    light: "from-sky-100 to-cyan-200 text-sky-800",
    dark: "dark:from-sky-950 dark:to-cyan-900 dark:text-sky-200",
    motif: "dots",
  },
  numerique: {
    icon: MonitorSmartphone,
    light: "from-blue-100 to-indigo-200 text-blue-800",
    dark: "dark:from-blue-950 dark:to-indigo-900 dark:text-blue-200",
    motif: "grid",
  },
  securite: {
    icon: HardHat,
    light: "from-amber-100 to-orange-200 text-amber-900",
    dark: "dark:from-amber-950 dark:to-orange-900 dark:text-amber-200",
    motif: "waves",
  },
  commercial: {
    icon: Handshake,
    light: "from-rose-100 to-pink-200 text-rose-800",
    dark: "dark:from-rose-950 dark:to-pink-900 dark:text-rose-200",
    motif: "dots",
  },
  rh: {
    icon: BriefcaseBusiness,
    light: "from-lime-100 to-green-200 text-green-800",
    dark: "dark:from-lime-950 dark:to-green-900 dark:text-green-200",
    motif: "waves",
  },
};
const ORDER = Object.keys(COVERS);

/** A category the demo does not know still gets a steady cover (chosen from its slug). */
function coverOf(slug: string) {
  if (COVERS[slug]) return COVERS[slug];
  let hash = 0;
  for (const c of slug) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return COVERS[ORDER[hash % ORDER.length]!]!;
}

function Motif({ kind }: { kind: "waves" | "dots" | "grid" }) {
  if (kind === "dots")
    return (
      <g fill="currentColor" opacity="0.18">
        {Array.from({ length: 40 }, (_, i) => (
          <circle key={i} cx={(i % 10) * 34 + 12} cy={Math.floor(i / 10) * 44 + 16} r="5" />
        ))}
      </g>
    );
  if (kind === "grid")
    return (
      <g stroke="currentColor" strokeWidth="2" opacity="0.15" fill="none">
        {Array.from({ length: 11 }, (_, i) => (
          <path key={`v${i}`} d={`M${i * 32} 0V180`} />
        ))}
        {Array.from({ length: 6 }, (_, i) => (
          <path key={`h${i}`} d={`M0 ${i * 32}H320`} />
        ))}
      </g>
    );
  return (
    <g stroke="currentColor" strokeWidth="6" opacity="0.16" fill="none" strokeLinecap="round">
      <path d="M-10 140C40 110 80 170 130 140S220 110 270 140 330 170 340 150" />
      <path d="M-10 100C40 70 80 130 130 100S220 70 270 100 330 130 340 110" />
      <path d="M-10 60C40 30 80 90 130 60S220 30 270 60 330 90 340 70" />
    </g>
  );
}

export function CategoryCover({ slug }: { slug: string }) {
  const cover = coverOf(slug);
  const Icon = cover.icon;
  return (
    <div
      aria-hidden="true"
      data-testid="category-cover"
      data-category={slug}
      className={`relative flex h-full w-full items-center justify-center bg-gradient-to-br ${cover.light} ${cover.dark}`}
    >
      <svg viewBox="0 0 320 180" preserveAspectRatio="xMidYMid slice" className="absolute inset-0 h-full w-full">
        <Motif kind={cover.motif} />
      </svg>
      <span className="relative flex size-20 items-center justify-center rounded-full bg-white/70 shadow-sm dark:bg-slate-900/60">
        <Icon className="size-10" strokeWidth={1.75} />
      </span>
    </div>
  );
}
