// What the browser gets for `import ... from "react"` when the client bundle runs on Preact
// (see vite/preact-client.ts). The server keeps rendering with React 19; only the client swaps.
// Everything comes from preact/compat, plus the React 19 hooks it lacks, shimmed below.
import { useCallback, useState } from "preact/compat";

// preact/compat declares its types with `export =`; at run time it is an ES module with named exports.
// @ts-expect-error TS2498: re-exporting an `export =` module
export * from "preact/compat";
export { default } from "preact/compat";

/**
 * React 19's useOptimistic without transitions: Preact renders updates synchronously, so there is
 * no pending transition during which an optimistic value would show. The value passed in is the
 * value shown. React Router's RouterProvider calls the setter only with `useTransitions: true`
 * (not used here); calling it is then a no-op.
 */
export function useOptimistic<S, A>(passthrough: S, _reducer?: (state: S, action: A) => S): [S, (action: A) => void] {
  return [passthrough, noop];
}

function noop() {}

/**
 * React 19's useActionState, enough for an action called from a form or an event handler:
 * the action runs with the previous state, `pending` is true until it settles.
 */
export function useActionState<S, P>(
  action: (state: Awaited<S>, payload: P) => S | Promise<S>,
  initialState: Awaited<S>,
): [Awaited<S>, (payload: P) => void, boolean] {
  const [state, setState] = useState<Awaited<S>>(initialState);
  const [pending, setPending] = useState(false);
  const dispatch = useCallback(
    (payload: P) => {
      setPending(true);
      setState((previous) => {
        Promise.resolve(action(previous, payload))
          .then((next) => setState(next as Awaited<S>))
          .finally(() => setPending(false));
        return previous;
      });
    },
    [action],
  );
  return [state, dispatch, pending];
}
