// The one error model of the services (ADR 0015). A service that refuses a request returns a
// `Failure` (or throws a `FailureError` from inside a transaction, so that it rolls back) naming
// what kind of refusal it is; it never knows HTTP. A kind becomes a status in one place
// (`http/failures.ts`). Messages are the spec's, shown to the user as they are.

export type FailureKind =
  /** The input is wrong: a message for the form, and per field where there are fields. */
  | 'invalid'
  /** Nobody is signed in, or the credentials are wrong. */
  | 'unauthenticated'
  /** Signed in, but not allowed to do this. */
  | 'forbidden'
  /** The thing asked for does not exist, or is not this user's (never say which). */
  | 'not_found'
  /** The request is well formed but the state of things refuses it (sold out, already taken). */
  | 'conflict'
  /** A per-client or per-account limit was reached. */
  | 'too_many_requests'
  /** A service the store depends on (Razorpay, the mail server) did not answer as it should. */
  | 'unavailable'
  /** Something that should not fail did; the message says so without details. */
  | 'internal';

export interface Failure {
  readonly ok: false;
  readonly kind: FailureKind;
  readonly message: string;
  readonly fieldErrors?: Record<string, string>;
  /** For `too_many_requests`: when trying again makes sense. */
  readonly retryAfterSeconds?: number;
}

/** A service's answer: its value on success, or why it refused. */
export type Result<T extends object = object> = ({ readonly ok: true } & T) | Failure;

export function failure(
  kind: FailureKind,
  message: string,
  extra: { fieldErrors?: Record<string, string>; retryAfterSeconds?: number } = {},
): Failure {
  return { ok: false, kind, message, ...extra };
}

/** A refusal thrown from inside a transaction: the transaction rolls back and the caller gets the failure. */
export class FailureError extends Error {
  readonly failure: Failure;

  constructor(failure: Failure) {
    super(failure.message);
    this.name = 'FailureError';
    this.failure = failure;
  }
}

/** Runs `work`; a `FailureError` it throws becomes the returned failure, anything else propagates. */
export async function refusalsAsFailures<T>(work: () => Promise<T>): Promise<T | Failure> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof FailureError) return error.failure;
    throw error;
  }
}
