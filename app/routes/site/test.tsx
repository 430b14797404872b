import type { Route } from "./+types/test";
import { pageMeta } from "~/platform/seo/meta";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "test", description: "test" });
}

export default function Page() {
  return <h1>test</h1>;
}
