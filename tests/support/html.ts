// What the route tests ask of a page's HTML, said once so that every test checks it the same way.
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from 'react-router';
import { expect } from 'vitest';

/** The body of `res`, once its status is `status`. */
export async function bodyOf(res: Response, status = 200): Promise<string> {
  expect(res.status).toBe(status);
  return res.text();
}

/** Checks that `html` holds every one of `shown` and none of `absent`; a failure names the text. */
export function expectShows(html: string, shown: readonly string[], absent: readonly string[] = []): void {
  for (const text of shown) expect(html).toContain(text);
  for (const text of absent) expect(html).not.toContain(text);
}

/** The loaders' data of a page's `.data` answer, by route id, decoded as React Router's client decodes it. */
export async function pageDataOf(res: Response): Promise<Record<string, unknown>> {
  expect(res.status).toBe(200);
  const { value, done } = await decodeViaTurboStream(res.body!, globalThis);
  await done;
  const routes = value as Record<string, { data?: unknown; error?: unknown }>;
  return Object.fromEntries(Object.entries(routes).map(([id, result]) => [id, result.data ?? result.error]));
}
