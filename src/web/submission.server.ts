// What the browser sent to the cart and likes actions. With the page's scripts running, a fetcher
// sends JSON and gets a JSON answer; before they have loaded, the same <form> is a plain form post,
// answered by going back to the page it came from (or to log in, without a session), where the
// server's state then shows.
import { redirect } from 'react-router';

import { RETURN_TO_FIELD } from './components/return-here-field.tsx';
import { readForm } from './form-body.server.ts';
import { readJson } from './json-body.server.ts';
import { safeLocalPath } from './safe-path.ts';

export type Submission =
  | { form: false; body: Record<string, unknown> | undefined }
  | { form: true; body: Record<string, string>; returnTo: string };

export async function readSubmission(request: Request): Promise<Submission> {
  const type = request.headers.get('Content-Type') ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) {
    return { form: false, body: await readJson(request) };
  }
  const body: Record<string, string> = {};
  for (const [name, value] of await readForm(request)) if (typeof value === 'string') body[name] = value;
  const { [RETURN_TO_FIELD]: returnTo, ...fields } = body;
  return { form: true, body: fields, returnTo: safeLocalPath(returnTo) };
}

/** "See other": the browser follows with a GET, so a reload does not post the form again. */
export function seeOther(path: string): Response {
  return redirect(path, 303);
}
