// With the database gone, the process stays up: /readyz says 503 and pages show the error page
// with the request id, never a stack trace.
import { beforeAll, describe, expect, it } from 'vitest';

import { createTestApp } from '../../tests/support/app.ts';
import { useTestDatabase } from '../../tests/support/database.ts';

const database = useTestDatabase();
let app: Awaited<ReturnType<typeof createTestApp>>['app'];

beforeAll(async () => {
  ({ app } = await createTestApp(database));
  await database.close();
});

describe('database unavailable', () => {
  it('/readyz answers 503 while /healthz stays up', async () => {
    expect((await app.request('/readyz')).status).toBe(503);
    expect((await app.request('/healthz')).status).toBe(200);
  });

  it('pages show the error boundary with the request id', async () => {
    const res = await app.request('/');
    expect(res.status).toBe(500);
    const requestId = res.headers.get('x-request-id');
    const html = await res.text();
    expect(html).toContain('Something went wrong');
    expect(html).toContain(`Request id: <code>${requestId}</code>`);
    expect(html).not.toMatch(/at \S+ \(.*:\d+:\d+\)/);
  });

  it("the products page says 'Failed to fetch products.'", async () => {
    const res = await app.request('/products');
    expect(res.status).toBe(500);
    expect(await res.text()).toContain('Failed to fetch products.');
  });
});
