import type { Route } from "./+types/pourquoi-nous-choisir";
import { pageMeta } from "~/platform/seo/meta";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "pourquoi-nous-choisir", description: "pourquoi-nous-choisir" });
}

export default function Page() {
  return <h1>pourquoi-nous-choisir</h1>;
}
