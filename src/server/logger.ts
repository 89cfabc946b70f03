// One pino logger. Logs leave the server (a log service, a support ticket), so they carry no
// shopper's email address or phone number and no password, code or token: known fields are
// censored wherever they sit, and free text (messages, error messages) is scrubbed (ADR 0062).
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

const PERSONAL_KEYS = [
  'email',
  'phone',
  'password',
  'newPassword',
  'otp',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'cookie',
  'authorization',
];
const REDACT_PATHS = [
  ...PERSONAL_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`, `details[*].${key}`]),
  '*.headers["set-cookie"]',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: { err: (error: Error) => scrubbedError(pino.stdSerializers.err(error)) },
      hooks: {
        // The message itself: `logger.info(obj, text)` or `logger.info(text)`.
        logMethod(args, method) {
          method.apply(this, args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg)) as typeof args);
        },
      },
    },
    destination,
  );
}

const EMAIL = /[^\s@<>"'(),;:[\]]+@[^\s@<>"'(),;:[\]]+\.[A-Za-z]{2,}/g;
// An Indian mobile number, with or without +91 in front and a space in the middle, that is not
// part of a longer number.
const PHONE = /(?<![\d.])(?:\+?91[\s-]?)?[6-9]\d{4}[\s-]?\d{5}(?![\d.])/g;
const TOKEN_PARAMETER = /([?&](?:token|code|otp)=)[^&\s"']+/gi;

/** Free text with email addresses, phone numbers and token parameters blanked out. */
export function redactText(text: string): string {
  return text.replace(EMAIL, '[email]').replace(TOKEN_PARAMETER, '$1[redacted]').replace(PHONE, '[phone]');
}

/** What was thrown is not always an Error (React Router throws Responses, a library may throw a string). */
function scrubbedError(serialized: unknown): unknown {
  if (typeof serialized === 'string') return redactText(serialized);
  if (!serialized || typeof serialized !== 'object') return serialized;
  const { message, stack } = serialized as { message?: unknown; stack?: unknown };
  return {
    ...serialized,
    ...(typeof message === 'string' && { message: redactText(message) }),
    ...(typeof stack === 'string' && { stack: redactText(stack) }),
  };
}
