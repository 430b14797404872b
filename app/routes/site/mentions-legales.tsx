import type { Route } from "./+types/mentions-legales";
import { pageMeta } from "~/platform/seo/meta";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "mentions-legales", description: "mentions-legales" });
}

export default function Page() {
  return <h1>mentions-legales</h1>;
}
