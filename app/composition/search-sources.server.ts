import type { StaticDocument } from "~/platform/db/full-text.server";
import { searchDocuments as fundingDocuments } from "~/domain/funding/search";
import { searchDocuments as contentDocuments } from "~/domain/content/search";

/**
 * The pages whose text is in the code, one source per area, for the site-wide search (the pages
 * that come from the database are indexed by triggers, see docs/decisions/0018-site-search.md).
 * An area that has such pages exports `searchDocuments()` and adds it here.
 */
export function staticSearchDocuments(): StaticDocument[] {
  return [...fundingDocuments(), ...contentDocuments()];
}
