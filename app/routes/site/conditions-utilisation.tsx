import type { Route } from "./+types/conditions-utilisation";
import { pageMeta } from "~/platform/seo/meta";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "conditions-utilisation", description: "conditions-utilisation" });
}

export default function Page() {
  return <h1>conditions-utilisation</h1>;
}
