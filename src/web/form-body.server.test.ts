import { describe, expect, it } from 'vitest';

import { readForm } from './form-body.server.ts';

const post = (body: BodyInit | undefined, type?: string) =>
  new Request('http://localhost/login', { method: 'POST', body, headers: type ? { 'Content-Type': type } : {} });

describe('readForm', () => {
  it("reads a form's fields", async () => {
    const form = await readForm(post('email=a%40b.in&intent=login', 'application/x-www-form-urlencoded'));
    expect(Object.fromEntries(form)).toEqual({ email: 'a@b.in', intent: 'login' });
  });

  it.each([
    ['JSON', '{"email":"a@b.in"}', 'application/json'],
    ['no body', undefined, undefined],
    ['text', 'email=a', 'text/plain'],
    ['multipart without its boundary', '--x\r\n', 'multipart/form-data'],
    [
      'a multipart body cut short',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n',
      'multipart/form-data; boundary=x',
    ],
  ])('reads %s as no fields instead of throwing', async (_, body, type) => {
    expect([...(await readForm(post(body, type)))]).toEqual([]);
  });
});
