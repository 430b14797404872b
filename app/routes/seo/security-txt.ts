import { getOrganisation } from "~/domain/settings/settings.server";
import { config } from "~/platform/config.server";

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * `/.well-known/security.txt` (RFC 9116): where to report a vulnerability. The contact is the
 * organisation's e-mail from the settings, so staff change it without a developer; the expiry
 * moves forward by itself (a year from the day it is served).
 */
export async function loader() {
  const organisation = await getOrganisation();
  const siteUrl = config().siteUrl;
  const body = [
    `Contact: mailto:${organisation.email}`,
    `Expires: ${new Date(Date.now() + YEAR_MS).toISOString().replace(/\.\d{3}Z$/, "Z")}`,
    "Preferred-Languages: fr, en",
    `Canonical: ${siteUrl}/.well-known/security.txt`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
