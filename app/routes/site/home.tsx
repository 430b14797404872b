import type { Route } from "./+types/home";
import { pageMeta } from "~/platform/seo/meta";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Formations professionnelles certifiées Qualiopi", description: "Accueil" });
}

export default function Home() {
  return <h1>Accueil</h1>;
}
