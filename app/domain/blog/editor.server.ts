import { NotFoundError, accepted, refusal, type Outcome } from "~/platform/validation/errors";
import type { EditorSave } from "~/platform/http/editor-save.server";
import type { PublishIntent } from "~/ui/form/publish-control";
import { createPost, getPostById, updatePost, type Actor } from "./blog.server";
import { formatPostDateTime, parisLocalToIso } from "./labels";

/**
 * What the post editor's buttons do (the shared publishing control). « Enregistrer » keeps the
 * post's status and date; « Publier maintenant » publishes it at once (a scheduled post too: its
 * date becomes now); « Programmer… » sets a date and time in the future (a past one is refused);
 * « Dépublier » takes it back to a draft. A draft needs only its title; a post that readers will
 * see is checked in full.
 */

export const SCHEDULE_MISSING = "Indiquez le jour et l'heure de publication.";
export const SCHEDULE_PAST = "Cette date est déjà passée\u00a0: choisissez un jour et une heure à venir.";

/** The status and date that an intent gives the post (the date as the schema reads it). */
export function publication(
  intent: PublishIntent,
  current: { status: string; publishedAt: string | null } | undefined,
  scheduledAt: string,
  now: Date,
): { status: string; publishedAt: string } | { error: string } {
  switch (intent) {
    case "publish":
      return { status: "published", publishedAt: now.toISOString() };
    case "unpublish":
      return { status: "draft", publishedAt: "" };
    case "schedule": {
      const iso = scheduledAt.trim() ? parisLocalToIso(scheduledAt) : undefined;
      if (!iso) return { error: SCHEDULE_MISSING };
      if (iso <= now.toISOString()) return { error: SCHEDULE_PAST };
      return { status: "scheduled", publishedAt: iso };
    }
    default:
      return current ? { status: current.status, publishedAt: current.publishedAt ?? "" } : { status: "draft", publishedAt: "" };
  }
}

/**
 * Saves the editor's values with the intent's status and date. Refused with the messages beside
 * the fields (a date to fix, the schema's, the rules that need the database); a post that no longer
 * exists throws `NotFoundError`.
 */
export async function saveFromEditor(
  id: string | undefined,
  values: Record<string, unknown>,
  intent: PublishIntent,
  scheduledAt: string,
  actor: Actor,
  now: Date = new Date(),
): Promise<Outcome<EditorSave>> {
  const current = id ? await getPostById(id) : undefined;
  if (id && !current) throw new NotFoundError();
  const target = publication(intent, current, scheduledAt, now);
  if ("error" in target) return refusal({ scheduledAt: target.error });
  const input = { ...values, ...target };
  const saved = id ? await updatePost(id, input, { actor, now }) : await createPost(input, { actor, now });
  if (!saved.ok) return saved;
  const post = saved.value;
  const toast =
    post.status === "published"
      ? intent === "publish"
        ? { title: "Article publié", description: "Il est visible de tous." }
        : { title: "Article enregistré", description: "Il est visible de tous avec ces modifications." }
      : post.status === "scheduled" && post.publishedAt
        ? { title: "Article programmé", description: `Il paraîtra de lui-même le ${formatPostDateTime(post.publishedAt)}.` }
        : intent === "unpublish"
          ? { title: "Article dépublié", description: "Il est repassé en brouillon\u00a0: les visiteurs ne le voient plus." }
          : { title: "Brouillon enregistré", description: "L'article n'est pas visible des visiteurs." };
  return accepted({ id: post.id, toast });
}
