import type { FailureKind } from "~/platform/validation/errors";

const STATUS = { invalid: 400, "not-found": 404, conflict: 409 } as const satisfies Record<FailureKind, number>;

/** The HTTP status of a domain failure (docs/architecture.md#couches: the domain says what happened, the route answers). */
export function failureStatus(kind: FailureKind): (typeof STATUS)[FailureKind] {
  return STATUS[kind];
}
