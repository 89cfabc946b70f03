// Have I Been Pwned's Pwned Passwords range API: hundreds of millions of passwords from real
// breaches, far more than the local list. Only the first five hex digits of the password's SHA-1
// leave the server (k-anonymity); the service answers with every hash suffix under that prefix,
// padded with fake ones (Add-Padding) so the answer's size says nothing either. A signup never
// waits long on it: after a short timeout, or on any failure, the local check alone decides (ADR 0035).
import { createHash } from 'node:crypto';

import type { Logger } from '../logger.ts';

/** Long enough for the service's usual answer, short enough that a shopper hardly notices when it is down. */
export const PWNED_PASSWORDS_TIMEOUT_MS = 1500;

export interface PwnedPasswordsSettings {
  /** Base URL of the range API (PWNED_PASSWORDS_URL); undefined: the check is off. */
  url: string | undefined;
  timeoutMs: number;
}

/** Whether the password is in a known breach; undefined when the check is off or the service did not answer. */
export async function isPwnedPassword(
  settings: PwnedPasswordsSettings,
  candidate: string,
  logger: Logger,
): Promise<boolean | undefined> {
  if (!settings.url) return undefined;
  const hash = createHash('sha1').update(candidate, 'utf8').digest('hex').toUpperCase();
  const [prefix, suffix] = [hash.slice(0, 5), hash.slice(5)];
  try {
    const response = await fetch(`${settings.url}/range/${prefix}`, {
      headers: { 'Add-Padding': 'true' },
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (!response.ok) throw new Error(`the range API answered ${response.status}`);
    const body = await response.text();
    return body.split('\n').some((line) => {
      const [lineSuffix = '', count = '0'] = line.trim().split(':');
      // Padding lines carry a count of 0.
      return lineSuffix.toUpperCase() === suffix && Number(count) > 0;
    });
  } catch (error) {
    logger.warn({ err: error }, 'pwned passwords: no answer, the local check alone decides');
    return undefined;
  }
}
