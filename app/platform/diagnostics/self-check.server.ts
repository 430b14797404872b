import { auth } from "../auth/auth.server";

/**
 * A cheap check that the process is still sound, for /readyz: the built-in prototypes are as they
 * were at startup (a polluted `Object.prototype` breaks sign-in, mail and pages for everyone while
 * the database still answers), and the authentication path answers.
 */
const watched = [Object.prototype, Array.prototype, Function.prototype, String.prototype] as const;

function snapshot(target: object): Map<string | symbol, unknown> {
  const map = new Map<string | symbol, unknown>();
  for (const key of Reflect.ownKeys(target)) map.set(key, Object.getOwnPropertyDescriptor(target, key)?.value);
  return map;
}

const baseline = watched.map(snapshot);

/** The name of what changed, or null when the prototypes are as at startup. */
export function prototypeProblem(): string | null {
  for (let i = 0; i < watched.length; i++) {
    const now = snapshot(watched[i]!);
    const before = baseline[i]!;
    for (const [key, value] of now) {
      // Assignment (what pollution does) adds enumerable keys or replaces existing values;
      // a library that defines a new non-enumerable method is not a problem.
      const added = !before.has(key) && Object.getOwnPropertyDescriptor(watched[i], key)?.enumerable;
      if (added || (before.has(key) && before.get(key) !== value)) return `prototype modifié : ${String(key)}`;
    }
  }
  return null;
}

/** Resolves to null when sound, or to a short French description of the problem. */
export async function selfCheck(): Promise<string | null> {
  const problem = prototypeProblem();
  if (problem) return problem;
  try {
    // No cookie: answers null without touching the database, through Better Auth's own code path.
    await auth().api.getSession({ headers: new Headers() });
  } catch (error) {
    return `authentification en échec : ${error instanceof Error ? error.message : String(error)}`;
  }
  return null;
}
