import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names (conditional ones included). Classes are not merged: a component's
 * `className` adds layout and never repeats a property its variant already sets (offer a variant
 * or a tone instead), because both would apply and the stylesheet's order would decide.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
