import { data, redirect } from "react-router";
import type { Route } from "./+types/comparatif-choix";
import { comparisonChoice } from "~/domain/formations/pages.server";

/**
 * /comparatif?a={slug}&b={slug}: target of the compare form of a formation page (works without
 * JavaScript); sends to the canonical comparison URL, or 404 for an unknown pair.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = await comparisonChoice(url.searchParams.get("a"), url.searchParams.get("b"));
  if (!target) throw data(null, { status: 404 });
  throw redirect(target, 303);
}

export default function ComparisonChoice() {
  return null;
}
