import { TEST_SITE } from "../../../tests/support/auth-env";
import type { TestDatabase } from "../../../tests/support/databases";
import { createAuth } from "~/platform/auth/auth.server";
import { accountAuthHooks } from "./users.server";

/** Helpers of the accounts' tests (not bundled: only test files import this file). */

export type TestAuth = ReturnType<typeof createAuth>;

/** A migrated database from `create` and the site's Better Auth on it, with the accounts' hooks. */
export async function authOnTestDatabase(create: () => Promise<TestDatabase>): Promise<{ t: TestDatabase; auth: TestAuth }> {
  const t = await create();
  return { t, auth: createAuth({ db: t.db, engine: t.engine }, accountAuthHooks) };
}

/** A JSON POST to Better Auth's `path` (`/sign-in/email`…) as the site's pages send it; `headers` names the client address. */
export function postToAuth(auth: TestAuth, path: string, body: unknown, headers: Record<string, string>): Promise<Response> {
  return auth.handler(
    new Request(`${TEST_SITE}/api/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_SITE, ...headers },
      body: JSON.stringify(body),
    }),
  );
}

/** The `name=value` of the session cookie that `res` sets, if any. */
export function sessionCookie(res: Response): string | undefined {
  return res.headers
    .getSetCookie()
    .find((c) => c.includes("session_token="))
    ?.split(";")[0];
}
