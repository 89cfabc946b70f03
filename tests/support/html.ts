// What the route tests ask of a page's HTML, said once so that every test checks it the same way.
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
