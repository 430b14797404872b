import { data } from "react-router";
import type { Route } from "./+types/uploads";
import { storage } from "~/platform/storage/storage.server";

const KEY = /^(?:formations|blog|logo)\/[0-9a-f-]{36}-\d{2,4}\.(webp|avif)$/;
/** The organisation's SVG logo, stored as sent: served as an image in a sandbox, so that no script in it ever runs. */
const SVG_KEY = /^logo\/[0-9a-f-]{36}\.svg$/;

/** GET /uploads/{key}: re-encoded images. Keys are unique per upload, so they are cached for a year. */
export async function loader({ params }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  if (SVG_KEY.test(key)) {
    const svg = await storage().get(key);
    if (!svg) throw data(null, { status: 404 });
    return new Response(new Uint8Array(svg), {
      headers: {
        "Content-Type": "image/svg+xml",
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
      },
    });
  }
  const match = KEY.exec(key);
  if (!match) throw data(null, { status: 404 });
  const body = await storage().get(key);
  if (!body) throw data(null, { status: 404 });
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": match[1] === "avif" ? "image/avif" : "image/webp",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
