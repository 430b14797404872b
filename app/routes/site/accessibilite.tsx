import type { Route } from "./+types/accessibilite";
import { pageMeta } from "~/platform/seo/meta";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "accessibilite", description: "accessibilite" });
}

export default function Page() {
  return <h1>accessibilite</h1>;
}
