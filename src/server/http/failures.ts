// The one place where a service's refusal (errors.ts) becomes an HTTP status and a JSON answer. The
// web app's form actions build their data from the same status (web/failures.server.ts).
import type { Failure, FailureKind } from '../errors.ts';

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

export function failureHeaders(failure: Failure): HeadersInit | undefined {
  return failure.retryAfterSeconds ? { 'Retry-After': String(failure.retryAfterSeconds) } : undefined;
}

/** A refusal as a JSON response, for the JSON endpoints. */
export function failureJson(failure: Failure): Response {
  return Response.json(failure, { status: statusOf(failure), headers: failureHeaders(failure) });
}
