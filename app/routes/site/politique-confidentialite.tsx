import type { Route } from "./+types/politique-confidentialite";
import { pageMeta } from "~/platform/seo/meta";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "politique-confidentialite", description: "politique-confidentialite" });
}

export default function Page() {
  return <h1>politique-confidentialite</h1>;
}
