// POST SHIPROCKET_WEBHOOK_PATH: Shiprocket's tracking webhook (docs/decisions/0053). Shiprocket
// proves itself only with the token it sends in `x-api-key` (no signature), compared in constant
// time; without a token set up (the manual provider) nothing is believed. A body that is not its
// webhook is refused; statuses the store does not act on are logged and answered 200, as is an AWB
// the store does not know: Shiprocket wants 200 and nothing else, and repeating would not help.
import { createHash, timingSafeEqual } from 'node:crypto';

import { failure, type Result } from '../errors.ts';
import { parseShiprocketWebhook } from '../shipping/shiprocket-webhook.ts';
import { applyTrackingUpdates, type TrackingDeps } from './tracking.ts';

export const WEBHOOK_MESSAGES = {
  token: 'The webhook token is missing or wrong.',
  json: 'The body is not JSON.',
  shape: "The body is not Shiprocket's tracking webhook.",
} as const;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the header carries the token; hashed first, so lengths tell nothing either. */
function sameToken(given: string | undefined, token: string | undefined): boolean {
  if (!token || given === undefined) return false;
  return timingSafeEqual(digest(given), digest(token));
}

export async function handleShiprocketWebhook(
  deps: TrackingDeps & { webhookToken: string | undefined; requestId?: string },
  rawBody: string,
  apiKey: string | undefined,
): Promise<Result<{ message: string }>> {
  if (!sameToken(apiKey, deps.webhookToken)) return failure('unauthenticated', WEBHOOK_MESSAGES.token);
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return failure('invalid', WEBHOOK_MESSAGES.json);
  }
  const ignored: string[] = [];
  const updates = parseShiprocketWebhook(body, (status) => ignored.push(status));
  if (!updates) return failure('invalid', WEBHOOK_MESSAGES.shape);
  if (ignored.length > 0) {
    deps.logger.info(
      { requestId: deps.requestId, statuses: ignored },
      'courier: tracking statuses the store does not act on were ignored',
    );
  }
  const outcome = await applyTrackingUpdates(deps, updates);
  return { ok: true, message: outcome.unknownAwbs.length > 0 ? 'unknown AWB' : 'handled' };
}
