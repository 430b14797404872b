import type { Route } from "./+types/api";
import { auth } from "~/platform/auth/auth.server";

/** Better Auth's standard endpoints under /api/auth/* (sign-up/email, sign-in/email, get-session, …). */
export async function loader({ request }: Route.LoaderArgs) {
  return auth().handler(request);
}

export async function action({ request }: Route.ActionArgs) {
  return auth().handler(request);
}
