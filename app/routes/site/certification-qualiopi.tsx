import type { Route } from "./+types/certification-qualiopi";
import { pageMeta } from "~/platform/seo/meta";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "certification-qualiopi", description: "certification-qualiopi" });
}

export default function Page() {
  return <h1>certification-qualiopi</h1>;
}
