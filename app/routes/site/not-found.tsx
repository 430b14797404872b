import { data } from "react-router";
import type { Route } from "./+types/not-found";

/** Every unknown path: HTTP 404 with the not-found page (rendered by the site layout's boundary). */
export function loader() {
  throw data(null, { status: 404 });
}

export function meta(_: Route.MetaArgs) {
  return [{ title: "Page introuvable" }, { name: "robots", content: "noindex" }];
}

export default function NotFoundRoute() {
  return null;
}
