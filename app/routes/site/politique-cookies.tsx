import type { Route } from "./+types/politique-cookies";
import { pageMeta } from "~/platform/seo/meta";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "politique-cookies", description: "politique-cookies" });
}

export default function Page() {
  return <h1>politique-cookies</h1>;
}
