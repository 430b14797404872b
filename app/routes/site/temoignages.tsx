import type { Route } from "./+types/temoignages";
import { pageMeta } from "~/platform/seo/meta";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "temoignages", description: "temoignages" });
}

export default function Page() {
  return <h1>temoignages</h1>;
}
