// The one place where a service's refusal (server/errors.ts) becomes an HTTP answer: the status
// for each kind, and the JSON or action-data body the pages read (`{ ok: false, message, … }`).
import { data } from 'react-router';

import type { Failure, FailureKind } from '../server/errors.ts';

const STATUS: Record<FailureKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many_requests: 429,
  unavailable: 502,
  internal: 500,
};

export function statusOf(failure: Pick<Failure, 'kind'>): number {
  return STATUS[failure.kind];
}

function headersOf(failure: Failure): HeadersInit | undefined {
  return failure.retryAfterSeconds ? { 'Retry-After': String(failure.retryAfterSeconds) } : undefined;
}

/** A refusal as a JSON response, for the JSON endpoints. */
export function failureJson(failure: Failure): Response {
  return Response.json(failure, { status: statusOf(failure), headers: headersOf(failure) });
}

/** A refusal as a route action's data, for forms (the page reads `message` and `fieldErrors`). */
export function failureData<T extends object = object>(failure: Failure, extra: T = {} as T) {
  // A default rather than an optional `extra`: spreading `T | undefined` would drop T from the type.
  return data({ ...extra, ...failure }, { status: statusOf(failure), headers: headersOf(failure) });
}
