import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "./link";

/** The link back to the list a detail page belongs to, above its title. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}
