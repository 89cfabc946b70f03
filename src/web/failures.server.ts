// A service's refusal (server/errors.ts) as an HTTP answer: the status and JSON body are the
// server's (server/http/failures.ts); a form's action data (`{ ok: false, message, … }`) is built here.
import { data } from 'react-router';

import type { Failure } from '../server/errors.ts';
import { failureHeaders, statusOf } from '../server/http/failures.ts';

export { failureJson, statusOf } from '../server/http/failures.ts';

/** A refusal as a route action's data, for forms (the page reads `message` and `fieldErrors`). */
export function failureData<T extends object = object>(failure: Failure, extra: T = {} as T) {
  // A default rather than an optional `extra`: spreading `T | undefined` would drop T from the type.
  return data({ ...extra, ...failure }, { status: statusOf(failure), headers: failureHeaders(failure) });
}
