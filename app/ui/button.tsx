import type { ButtonHTMLAttributes } from "react";
import { Link, type LinkProps } from "./link";
import { cn } from "./cn";

type Variant = "primary" | "secondary" | "ghost" | "danger" | "dangerGhost" | "inverse" | "inverseOutline";
type Size = "sm" | "md" | "lg";

const base =
  "inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60";
const variants: Record<Variant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 dark:bg-brand-500 dark:text-slate-950 dark:hover:bg-brand-400",
  secondary:
    "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-white dark:hover:bg-slate-800",
  ghost: "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
  danger: "bg-red-700 text-white hover:bg-red-800",
  /** A destructive action that should not shout (a row's « Supprimer »). */
  dangerGhost: "text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-slate-800",
  /** On a dark brand band: white button, then a white outline one. */
  inverse: "bg-white text-brand-900 hover:bg-brand-50",
  inverseOutline: "text-white ring-1 ring-white/60 hover:bg-white/10",
};
const sizes: Record<Size, string> = {
  sm: "min-h-9 px-3 text-sm",
  md: "min-h-11 px-4 text-sm",
  lg: "min-h-12 px-6 text-base",
};

/** `className` adds layout (margins, width): it must not repeat what the variant or size sets (classes are not merged). */
export function buttonClass(variant: Variant = "primary", size: Size = "md", className?: string): string {
  return cn(base, variants[variant], sizes[size], className);
}

export function Button({
  variant,
  size,
  className,
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: Size }) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}

export function ButtonLink({ variant, size, className, ...props }: LinkProps & { variant?: Variant; size?: Size }) {
  return <Link className={buttonClass(variant, size, className)} {...props} />;
}
