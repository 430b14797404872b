import {
  Calculator,
  ClipboardList,
  CalendarDays,
  ScrollText,
  FileClock,
  FileText,
  FolderTree,
  Receipt,
  Landmark,
  GraduationCap,
  LayoutDashboard,
  MessageSquareQuote,
  MapPin,
  Presentation,
  MessageSquare,
  MessageSquareWarning,
  Newspaper,
  Rss,
  Settings,
  ShieldCheck,
  Signature,
  Users,
  Webhook,
  type LucideIcon,
} from "lucide-react";

/**
 * The admin sidebar. Each area adds ONE line here for its screen. `role` is who sees the entry
 * (the route's loader still checks it on the server); `end` makes the link active only on its exact path.
 * Breadcrumbs come from each admin route's `handle = { breadcrumb: "…" }`; a screen below a list names it in `parents`.
 */
export interface AdminNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  role: "editor" | "admin";
  end?: boolean;
}

export const ADMIN_NAV: AdminNavItem[] = [
  { to: "/admin", label: "Tableau de bord", icon: LayoutDashboard, role: "editor", end: true },
  { to: "/admin/formations", label: "Formations", icon: GraduationCap, role: "editor" },
  { to: "/admin/categories", label: "Catégories", icon: FolderTree, role: "editor" },
  { to: "/admin/villes", label: "Villes", icon: MapPin, role: "editor" },
  { to: "/admin/sessions", label: "Sessions et inscriptions", icon: CalendarDays, role: "editor" },
  { to: "/admin/formateurs", label: "Formateurs", icon: Presentation, role: "editor" },
  { to: "/admin/questionnaires", label: "Questionnaires", icon: ClipboardList, role: "editor" },
  { to: "/admin/blog", label: "Blog", icon: Newspaper, role: "editor" },
  { to: "/admin/devis", label: "Demandes de devis", icon: FileText, role: "editor" },
  { to: "/admin/messages", label: "Messages", icon: MessageSquare, role: "editor" },
  { to: "/admin/reclamations", label: "Réclamations", icon: MessageSquareWarning, role: "editor" },
  { to: "/admin/factures", label: "Factures", icon: Receipt, role: "editor" },
  { to: "/admin/signatures", label: "Signatures", icon: Signature, role: "editor" },
  { to: "/admin/temoignages", label: "Témoignages et résultats", icon: MessageSquareQuote, role: "admin" },
  { to: "/admin/qualiopi", label: "Preuves Qualiopi", icon: ShieldCheck, role: "editor" },
  { to: "/admin/utilisateurs", label: "Utilisateurs", icon: Users, role: "admin" },
  { to: "/admin/journal", label: "Journal", icon: FileClock, role: "admin" },
  { to: "/admin/financement", label: "Financement", icon: Calculator, role: "admin" },
  { to: "/admin/textes-legaux", label: "CGV et règlement intérieur", icon: ScrollText, role: "admin" },
  { to: "/admin/parametres", label: "Paramètres", icon: Settings, role: "admin" },
  { to: "/admin/lheo", label: "Flux LHÉO et API", icon: Rss, role: "admin" },
  { to: "/admin/bpf", label: "Bilan pédagogique et financier", icon: Landmark, role: "admin" },
  { to: "/admin/webhooks", label: "Webhooks", icon: Webhook, role: "admin" },
];

/**
 * The breadcrumb of a sidebar screen, for a screen below it to name as its parent
 * (`handle = { parents: [adminCrumb("/admin/formations")], breadcrumb: … }`).
 */
export function adminCrumb(to: string): { label: string; to: string } {
  const item = ADMIN_NAV.find((i) => i.to === to);
  if (!item) throw new Error(`No admin screen at ${to}`);
  return { label: item.label, to: item.to };
}
