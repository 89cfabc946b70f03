// Signed-in shoppers for the benchmarks, two ways. Made straight in the database (createShopper): a
// user and a session as long as a real sign-in's (30 days: a shorter one is renewed, a write, on
// every request), and the session cookie signed with the store's auth secret, as better-auth signs
// it. Or signed up over HTTP as a person signs up (signUpShoppers), for a store whose database the
// bench cannot reach: the embedded PGlite lives inside the store's process.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import type pg from 'pg';

export async function createShopper(db: pg.Client, authSecret: string, label: string) {
  const userId = randomUUID();
  const token = randomBytes(24).toString('base64url');
  await db.query('insert into users (id, name, email, email_verified) values ($1, $2, $3, true)', [
    userId,
    `Bench Shopper ${label}`,
    `bench-${label}-${userId.slice(0, 6)}@example.test`,
  ]);
  await db.query(
    "insert into sessions (id, token, user_id, expires_at) values ($1, $2, $3, now() + interval '30 days')",
    [randomUUID(), token, userId],
  );
  const signature = createHmac('sha256', authSecret).update(token).digest('base64');
  return { userId, cookie: `ttt.session_token=${encodeURIComponent(`${token}.${signature}`)}` };
}

/**
 * `count` shoppers signed up through the store's signup forms, as the page's scripts post them
 * (`/signup.data`), with the code the store mailed to its outbox (DATA_DIR/mail, demo mode without
 * SMTP): their session cookies (name=value). More than a few from one address need the store
 * started with signup limits of its own (RATE_LIMIT_SIGNUPS_PER_IP_PER_HOUR).
 */
export async function signUpShoppers(origin: string, dataDir: string, count: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `bench-${i}-${randomBytes(4).toString('hex')}@example.test`;
    const sent = await postSignup(origin, {
      intent: 'send',
      firstName: 'Bench',
      lastName: 'Shopper',
      email,
      phone: '9876543210',
      password: 'Streetwear1@',
    });
    // The action's data comes as React Router's turbo-stream: a flat JSON array in which a key is
    // followed by its value.
    const body = await sent.text();
    const requestId = /"requestId","([0-9a-f-]{36})"/.exec(body)?.[1];
    if (!requestId) throw new Error(`signing up ${email} sent no code: ${body.slice(0, 300)}`);
    const verified = await postSignup(origin, { intent: 'verify', requestId, otp: await mailedCode(dataDir, email) });
    await verified.body?.cancel();
    const cookie = verified.headers
      .getSetCookie()
      .findLast((line) => line.startsWith('ttt.session_token='))
      ?.split(';')[0];
    if (!cookie) throw new Error(`signing up ${email} set no session cookie (status ${verified.status})`);
    // A wrong cookie would quietly measure a visitor: a personal page answers only the signed in.
    const profile = await fetch(new URL('/profile', origin), { headers: { cookie }, redirect: 'manual' });
    await profile.body?.cancel();
    if (profile.status !== 200) throw new Error(`${email} is not signed in: /profile answered ${profile.status}`);
    cookies.push(cookie);
  }
  return cookies;
}

async function postSignup(origin: string, form: Record<string, string>): Promise<Response> {
  const response = await fetch(new URL('/signup.data', origin), {
    method: 'POST',
    body: new URLSearchParams(form),
    headers: { origin },
  });
  if (!response.ok) throw new Error(`POST /signup.data (${form.intent}) answered ${response.status}`);
  return response;
}

/** The 6-digit code in the outbox's mail to `email`. */
async function mailedCode(dataDir: string, email: string): Promise<string> {
  const outbox = path.join(dataDir, 'mail');
  for (const name of await readdir(outbox)) {
    if (!name.endsWith('.json')) continue;
    const mail = JSON.parse(await readFile(path.join(outbox, name), 'utf8')) as { to: string; text: string };
    const code = mail.to === email ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
    if (code) return code;
  }
  throw new Error(`no code mailed to ${email} in ${outbox}`);
}
