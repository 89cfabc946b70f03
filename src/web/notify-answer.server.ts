// The answer to a 'Notify me' form posted without scripts (routes/api.notify.ts), kept for the one
// page that shows it (/notify) in a cookie of its own: the product page it came from is kept for
// every visitor alike, and an address in the URL could be made to say anything.
import type { NotifyAnswer } from './routes/api.notify.ts';

const NOTIFY_ANSWER_COOKIE = 'ttt_notify_answer';
/** Long enough for the redirect to be followed; the page clears it once shown. */
const KEEP_SECONDS = 60;

function cookie(value: string, maxAge: number, publicUrl: string): string {
  const secure = publicUrl.startsWith('https://') ? '; Secure' : '';
  return `${NOTIFY_ANSWER_COOKIE}=${value}; Path=/notify; Max-Age=${maxAge}; SameSite=Lax; HttpOnly${secure}`;
}

export function notifyAnswerCookie(answer: NotifyAnswer, publicUrl: string): string {
  const value = Buffer.from(JSON.stringify({ ok: answer.ok, message: answer.message })).toString('base64url');
  return cookie(value, KEEP_SECONDS, publicUrl);
}

/** The cookie cleared, once its answer is shown. */
export function clearedNotifyAnswerCookie(publicUrl: string): string {
  return cookie('', 0, publicUrl);
}

/** The answer the request's cookie holds, or undefined for none (or one that does not read as an answer). */
export function readNotifyAnswer(request: Request): NotifyAnswer | undefined {
  const cookies = request.headers.get('Cookie') ?? '';
  const match = new RegExp(`(?:^|;\\s*)${NOTIFY_ANSWER_COOKIE}=([A-Za-z0-9_-]{1,2000})(?:;|$)`).exec(cookies);
  if (!match) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8'));
    const { ok, message } = (parsed ?? {}) as { ok?: unknown; message?: unknown };
    if (typeof ok !== 'boolean' || typeof message !== 'string') return undefined;
    return ok ? { ok: true, message } : { ok: false, message };
  } catch {
    return undefined;
  }
}
