// The only module that reads process.env (enforced by ESLint). Everything else receives a Config.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './auth/common-passwords.ts';
import { PWNED_PASSWORDS_TIMEOUT_MS, type PwnedPasswordsSettings } from './auth/pwned-passwords.ts';
import { RATE_RULES, type RateRule } from './shared/rate-limit.ts';
import { isLoopbackHost, parseTrustProxy, TRUST_NO_PROXY, type TrustProxy } from './shared/client-address.ts';
import { INDIAN_STATES } from '../common/india.ts';
import { password } from '../common/validation.ts';
import { gstinProblem, parseRateBands, type InvoiceSettings } from './invoices/settings.ts';
import { parseCutoff, parseExcludedPincodes, parseHolidays, type DeliverySettings } from './delivery/settings.ts';
import { parseCodExcludedPincodes, parsePrepaidDiscount, type PaymentSettings } from './checkout/payment-settings.ts';
import type { StoreCreditSettings } from './store-credit/settings.ts';
import { parseParcelSizes, type ParcelSizes, type ShippingConfig } from './shipping/settings.ts';
import { CATEGORY_SLUGS } from '../common/catalog.ts';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();
/** An http:// or https:// address, or nothing. */
const optionalHttpUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional())
  .optional();
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // Demo defaults (generated auth secret, mail outbox, payment sandbox, demo admin) are allowed
  // unless this is a real deployment: see docs/decisions/0007-demo-mode.md.
  DEMO: bool.optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  // The bearer token Prometheus sends for GET /metrics; without it there is no such page.
  METRICS_TOKEN: optionalString.pipe(
    z
      .string()
      .min(32, 'must be at least 32 characters (openssl rand -hex 32 makes one)')
      .regex(/^[\w.~+/-]+=*$/, 'must be letters, digits and - . _ ~ + / only (a bearer token)')
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // How long a stopping instance waits for its requests and jobs in flight (main.ts).
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  // Catalog changes that follow another within this long drop the kept visitor pages together (http/coalesced.ts).
  PAGE_CACHE_CHANGE_WINDOW_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  // Past this many requests at once an instance makes the rest wait, then turns them away (http/overload.ts).
  OVERLOAD_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(10_000).default(64),
  OVERLOAD_MAX_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  // A drop's line (drops/queue.ts): shoppers let in at its minute, then each second, for this long.
  DROP_QUEUE_AT_ONCE: z.coerce.number().int().min(1).max(1_000_000).default(20),
  DROP_QUEUE_PER_SECOND: z.coerce.number().min(0).max(100_000).default(20),
  DROP_QUEUE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().trim().min(3).default('Trap the Trend <no-reply@trapthetrend.local>'),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  // The same rules as a shopper's password: the admin signs in through the same form (the
  // common-password check is in loadConfig, as it needs the store's name and the email).
  ADMIN_PASSWORD: optionalString.pipe(password.optional()),
  // Have I Been Pwned's range API, asked about new passwords (ADR 0035). Empty turns it off; unset,
  // it is on outside demo mode only, as a demo store often runs with no internet.
  PWNED_PASSWORDS_URL: z
    .string()
    .trim()
    .pipe(z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })]))
    .optional(),
  // Which peers are reverse proxies whose X-Forwarded-For may be believed (shared/client-address.ts).
  TRUST_PROXY: optionalString,
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,
  RAZORPAY_API_URL: optionalUrl,
  RAZORPAY_CHECKOUT_URL: optionalUrl,
  // Who captures an authorised payment: Razorpay (the account's auto-capture is on) or the store,
  // through the API, before it makes the order (ADR 0012).
  RAZORPAY_CAPTURED_BY: z.enum(['razorpay', 'store']).default('razorpay'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
  STORE_NAME: z.string().trim().min(1).default('Trap the Trend'),
  STORE_EMAIL: z.email().default('hello@trapthetrend.in'),
  STORE_PHONE: z.string().trim().min(5).default('+91 98765 43210'),
  STORE_FOUNDERS: z
    .string()
    .default('Aarav Mehta, Kabir Sethi')
    .transform((v) => v.split(',').map((name) => name.trim()))
    .pipe(z.array(z.string().min(1)).length(2, 'must name the two founders, separated by a comma')),
  SOCIAL_INSTAGRAM_URL: z.url().default('https://www.instagram.com/trapthetrend'),
  SOCIAL_FACEBOOK_URL: z.url().default('https://www.facebook.com/trapthetrend'),
  SOCIAL_X_URL: z.url().default('https://x.com/trapthetrend'),
  SOCIAL_WHATSAPP_URL: z.url().default('https://wa.me/919876543210'),
  // Uploaded images: in DATA_DIR unless these name an S3-compatible bucket (ADR 0021).
  S3_ENDPOINT: optionalHttpUrl,
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3-63 lower-case letters, digits, dots, dashes',
      )
      .optional(),
  ),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool.optional(),
  // Where browsers fetch uploaded images (a CDN, or the bucket's public address); else the store.
  ASSETS_URL: optionalHttpUrl,
  // Returns and exchanges (ADR 0025): the days after delivery a shopper may ask, and the days a
  // request may wait for staff's decision or its pickup before it lapses (an exchange's held size
  // goes back on sale).
  RETURN_WINDOW_DAYS: z.coerce.number().int().min(1).max(365).default(15),
  RETURN_HOLD_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  // The admin dashboard lists a product's size as low on stock at this many units or fewer.
  LOW_STOCK_UNITS: z.coerce.number().int().min(0).max(10_000).default(5),
  // The fewest pieces a bulk order request may ask for (ADR 0028).
  BULK_ORDER_MIN_QUANTITY: z.coerce.number().int().min(1).max(10_000).default(20),
  // How long contact messages and bulk order requests are kept (the privacy page says so).
  ENQUIRY_RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(365),
  // 'Notify me' emails (a drop live, a size back) queued a minute at most, spread over it (notify/sending.ts).
  NOTIFY_EMAILS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(600),
  // The seller on tax invoices and credit notes (ADR 0024); required in production.
  SELLER_LEGAL_NAME: optionalString.pipe(z.string().max(200).optional()),
  SELLER_ADDRESS: optionalString.pipe(z.string().max(300).optional()),
  SELLER_GSTIN: optionalString.transform((v) => v?.toUpperCase()),
  SELLER_STATE: optionalString.pipe(
    z.enum(INDIAN_STATES, { error: 'must be one of the states of the address form, such as Karnataka' }).optional(),
  ),
  INVOICE_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{1,8}$/, 'must be 1 to 8 capital letters or digits')
    .default('TTT'),
  // GST on garments by the taxable value of a piece (parseRateBands): ₹2,500.00 and below 5%, above 18%.
  GST_RATE_BANDS: z.string().trim().default('250000:5,*:18'),
  // Delivery dates by pincode (ADR 0026): the order cut-off (India time), the
  // holidays business days skip besides Sundays, and the pincodes the store does not deliver to.
  DELIVERY_CUTOFF: z.string().trim().default('14:00'),
  DELIVERY_HOLIDAYS: z.string().default(''),
  DELIVERY_EXCLUDED_PINCODES: z.string().default(''),
  // The courier provider (docs/decisions/0053): by hand, or Shiprocket (its sandbox in demo mode
  // without an account), with the warehouse it collects from and each category's parcel.
  SHIPPING_PROVIDER: z.enum(['manual', 'shiprocket']).optional(),
  SHIPROCKET_EMAIL: optionalString.pipe(z.email().optional()),
  SHIPROCKET_PASSWORD: optionalString,
  SHIPROCKET_API_URL: optionalUrl,
  SHIPROCKET_WEBHOOK_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  // At most 20 s: a call (a login, the request, another login after a 401, the request again) stays
  // within a courier parcel's 90 s booking lease (courier/parcels.ts).
  SHIPROCKET_TIMEOUT_MS: z.coerce.number().int().min(100).max(20_000).default(10_000),
  SHIPPING_PICKUP_LOCATION: z.string().trim().min(1).max(50).default('Primary'),
  SHIPPING_WAREHOUSE_PINCODE: z
    .string()
    .trim()
    .regex(/^[1-9]\d{5}$/, 'must be a pincode: 6 digits, not starting with 0')
    .default('110020'),
  SHIPPING_PARCELS: z
    .string()
    .default('default=0.4kg 30x25x4cm, jackets=1.2kg 40x32x10cm, sweatshirts=0.8kg 35x30x8cm'),
  // Cash on delivery (ADR 0047): who may use it, its fee, how long an order waits for its
  // shopper's confirmation, when uncollected cash is overdue; and a saving for paying online.
  COD_ENABLED: bool.default(true),
  COD_MIN_ORDER_RUPEES: z.coerce.number().int().min(0).max(1_000_000).default(299),
  COD_MAX_ORDER_RUPEES: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  COD_EXCLUDED_PINCODES: z.string().default(''),
  COD_MAX_OPEN_ORDERS: z.coerce.number().int().min(1).max(50).default(2),
  COD_MAX_RETURNED_TO_ORIGIN: z.coerce.number().int().min(1).max(50).default(2),
  COD_FEE_RUPEES: z.coerce.number().int().min(0).max(1000).default(0),
  COD_CONFIRM_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  COD_CASH_OVERDUE_DAYS: z.coerce.number().int().min(1).max(90).default(10),
  PREPAID_DISCOUNT: z.string().default(''),
  // Store credit (ADR 0048): the bonus on a refund taken as credit, how long credit lasts, and the
  // amount above which staff give an authenticator code to grant or take it back.
  STORE_CREDIT_REFUND_BONUS_PERCENT: z.coerce.number().int().min(0).max(50).default(0),
  STORE_CREDIT_EXPIRY_DAYS: optionalString.pipe(
    z.coerce.number<string | undefined>().int().min(7).max(3650).optional(),
  ),
  STORE_CREDIT_CODE_ABOVE_RUPEES: z.coerce.number().int().min(0).max(1_000_000).default(1000),
  // The grievance officer /terms and /privacy name (Consumer Protection (E-Commerce) Rules 2020,
  // rule 4(4)-(5); ADR 0029); required in production.
  GRIEVANCE_OFFICER_NAME: optionalString.pipe(z.string().max(100).optional()),
  GRIEVANCE_OFFICER_EMAIL: optionalString.pipe(z.email().max(254).optional()),
  GRIEVANCE_OFFICER_PHONE: optionalString.pipe(
    z
      .string()
      .regex(
        /^\+?[0-9][0-9 -]{6,18}[0-9]$/,
        'must be a phone number: digits, spaces and dashes, such as +91 80 4567 8900',
      )
      .optional(),
  ),
});

const DEFAULT_PWNED_PASSWORDS_URL = 'https://api.pwnedpasswords.com';

/** The seller of the demo store: clearly not a real business (its GSTIN only has the right shape). */
const DEMO_SELLER = {
  legalName: 'Trap the Trend Demo Apparel Private Limited',
  address: 'Demo address: 14, 2nd Cross, Indiranagar, Bengaluru, Karnataka - 560038',
  gstin: '29AAACT1234D1ZR',
  state: 'Karnataka',
} as const;

/** The demo store's grievance officer: clearly not a real person to write to. */
const DEMO_GRIEVANCE_OFFICER = {
  name: 'Demo Grievance Officer',
  email: 'grievance@trapthetrend.in',
  phone: '+91 98765 43211',
} as const;

/** One setting per rate limit of ADR 0062: the attempts its window allows (RATE_RULES has the defaults). */
export const RATE_LIMIT_SETTINGS = {
  loginPerIp: 'RATE_LIMIT_LOGINS_PER_IP_PER_15_MIN',
  loginPerEmailAndIp: 'RATE_LIMIT_LOGINS_PER_EMAIL_AND_IP_PER_15_MIN',
  loginPerEmail: 'RATE_LIMIT_LOGINS_PER_EMAIL_PER_15_MIN',
  signupPerIp: 'RATE_LIMIT_SIGNUPS_PER_IP_PER_HOUR',
  otpSendPerEmailAndIp: 'RATE_LIMIT_CODES_SENT_PER_EMAIL_AND_IP_PER_HOUR',
  otpSendPerEmail: 'RATE_LIMIT_CODES_SENT_PER_EMAIL_PER_HOUR',
  otpVerifyPerIp: 'RATE_LIMIT_CODE_CHECKS_PER_IP_PER_15_MIN',
  resetPerIp: 'RATE_LIMIT_RESETS_PER_IP_PER_HOUR',
  resetPerEmailAndIp: 'RATE_LIMIT_RESETS_PER_EMAIL_AND_IP_PER_HOUR',
  resetPerEmail: 'RATE_LIMIT_RESETS_PER_EMAIL_PER_HOUR',
  twoFactorPerIp: 'RATE_LIMIT_TWO_FACTOR_CODES_PER_IP_PER_15_MIN',
  twoFactorPerAccount: 'RATE_LIMIT_TWO_FACTOR_CHECKS_PER_ACCOUNT_PER_15_MIN',
  paymentStartPerShopper: 'RATE_LIMIT_PAYMENT_STARTS_PER_SHOPPER_PER_15_MIN',
  couponCheckPerShopper: 'RATE_LIMIT_COUPON_CHECKS_PER_SHOPPER_PER_15_MIN',
  likePerShopper: 'RATE_LIMIT_LIKES_PER_SHOPPER_PER_15_MIN',
  orderLookupPerIp: 'RATE_LIMIT_ORDER_LOOKUPS_PER_IP_PER_HOUR',
  pincodeLookupPerIp: 'RATE_LIMIT_PINCODE_LOOKUPS_PER_IP_PER_15_MIN',
  enquiryPerIp: 'RATE_LIMIT_ENQUIRIES_PER_IP_PER_HOUR',
  returnRequestPerShopper: 'RATE_LIMIT_RETURN_REQUESTS_PER_SHOPPER_PER_HOUR',
  notifySignupPerIp: 'RATE_LIMIT_NOTIFY_SIGNUPS_PER_IP_PER_HOUR',
  notifyConfirmationPerEmail: 'RATE_LIMIT_NOTIFY_CONFIRMATIONS_PER_EMAIL_PER_HOUR',
} as const satisfies Record<keyof typeof RATE_RULES, string>;

type RateLimits = Record<keyof typeof RATE_RULES, RateRule>;
type RateLimitSetting = (typeof RATE_LIMIT_SETTINGS)[keyof typeof RATE_LIMIT_SETTINGS];

/** What a setting is for, as docs/operations/configuration.md shows it (`npm run docs:settings` writes the table). */
interface SettingDoc {
  /** Markdown; "ADR 0062" becomes a link to the decision. */
  description: string;
  /** Said after the schema's default, or instead of it where the schema has none (computed in loadConfig, or per mode). */
  default?: string;
}

/**
 * Every setting, in the order the table shows them. A setting added to EnvSchema or to
 * RATE_LIMIT_SETTINGS needs its entry here (the type says so), and the table regenerated
 * (src/server/config-doc.test.ts fails until it is).
 */
export const SETTING_DOCS: Record<keyof z.input<typeof EnvSchema> | RateLimitSetting, SettingDoc> = {
  PORT: { description: 'HTTP port' },
  HOST: { description: 'Interface to listen on' },
  NODE_ENV: {
    default: '(`npm start`: `production`)',
    description: '`production` means a real deployment: the settings marked _required in production_ must be set',
  },
  DEMO: {
    default: '`true` unless `NODE_ENV=production` (`npm start`: `true`)',
    description:
      'Allows demo defaults: a generated auth secret, the mail outbox, the payment sandbox, the demo admin (ADR 0007)',
  },
  PUBLIC_URL: {
    default: '`http://localhost:$PORT`',
    description:
      'The origin browsers use: reset links, the Google redirect, the origin check, the public origin behind a proxy; _required in production_, and `https://` there',
  },
  DATA_DIR: {
    description: 'Embedded database, mail outbox, uploaded images (unless in S3), generated secret',
  },
  S3_BUCKET: {
    default: '– (images in `DATA_DIR`)',
    description:
      'Keep uploaded images in this bucket of an S3-compatible store instead of `DATA_DIR/uploads/products`. Any `S3_` setting chooses S3, which then needs `S3_BUCKET`, `S3_REGION` and the keys. See [Images in object storage](object-storage.md)',
  },
  S3_REGION: { description: "The bucket's region (`auto` for R2; MinIO takes any); needed with S3" },
  S3_ACCESS_KEY_ID: {
    description:
      'The key the store uses for the bucket: it puts, gets and deletes objects under `uploads/products/` and `private/shopper-photos/`; needed with S3',
  },
  S3_SECRET_ACCESS_KEY: { description: "The key's secret; needed with S3" },
  S3_ENDPOINT: {
    default: '– (Amazon S3)',
    description:
      'The `http(s)://` address of another S3-compatible store: `https://<account>.r2.cloudflarestorage.com`, `http://minio:9000`',
  },
  S3_FORCE_PATH_STYLE: {
    default: '`false`',
    description:
      '`true` for addresses `endpoint/bucket/key` rather than `bucket.endpoint/key` (MinIO, most self-hosted stores)',
  },
  ASSETS_URL: {
    default: '– (the store serves them)',
    description:
      "Public base address of uploaded images (a CDN, or the bucket's public address): pages load `$ASSETS_URL/uploads/products/…`, and the CSP allows it; `https://` in production",
  },
  DATABASE_URL: { description: '`postgres://…` to use a PostgreSQL server instead of the embedded PGlite' },
  AUTH_SECRET: {
    default: 'generated into `DATA_DIR`',
    description: 'Session signing secret, 32+ characters; _required in production_',
  },
  METRICS_TOKEN: {
    default: '– (no `/metrics`)',
    description:
      'Bearer token for `GET /metrics` ([Metrics](metrics.md)), 32+ characters (letters, digits, `-._~+/`); without it, or with another token, `/metrics` is the ordinary 404',
  },
  LOG_LEVEL: { description: 'pino level (`silent` to silence)' },
  SHUTDOWN_GRACE_SECONDS: {
    description:
      'How long a stopping instance (SIGTERM) waits for its requests and jobs in flight before cutting them off; an email cut off is retried by any instance, a scheduled run is done by the next one',
  },
  OVERLOAD_MAX_IN_FLIGHT: {
    description:
      "Requests one instance answers at once (kept visitor pages, pages' data reads and payment callbacks aside); more wait their turn, first come first served",
  },
  OVERLOAD_MAX_WAIT_MS: {
    description:
      'How long a request waits for its turn before it is answered `503` with `Retry-After` and a page saying to try again in a moment, instead of hanging until the proxy gives up',
  },
  DROP_QUEUE_AT_ONCE: {
    description:
      "Shoppers let in at once at a drop's minute, in the order they arrived; the rest wait their turn on a page saying their place in line",
  },
  DROP_QUEUE_PER_SECOND: {
    description:
      "Shoppers let in each second after those, in the order they arrived: what the instances answer in good time of a drop's crowd; `0`: no line",
  },
  DROP_QUEUE_MINUTES: {
    description: "How long after a drop's minute its line lasts; after it everyone is let in at once",
  },
  PAGE_CACHE_CHANGE_WINDOW_MS: {
    description:
      'A catalog change drops the kept visitor pages at once; changes in the next this many ms drop them once more, together, at its end (ADR 0036); `0`: at every change',
  },
  TRUST_PROXY: {
    default: '– (no proxy)',
    description:
      'Proxies whose `X-Forwarded-For` names the client: addresses, CIDR ranges (`10.0.0.0/8, ::1`), `loopback`, `private` (loopback, RFC 1918, `fc00::/7`); a hop count (`1`) only with a loopback `HOST`. See [Behind a reverse proxy](reverse-proxy-and-cdn.md)',
  },
  SMTP_URL: {
    default: '– (mail goes to `DATA_DIR/mail`)',
    description: '`smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`; _required in production_',
  },
  MAIL_FROM: { description: 'Sender of every mail' },
  ADMIN_EMAIL: {
    description: 'Creates or promotes this admin at boot (set both `ADMIN_EMAIL` and `ADMIN_PASSWORD`)',
  },
  ADMIN_PASSWORD: {
    description:
      "The admin's password: a shopper's password rules (and not a common password); when it changes, the next boot sets it and ends the admin's sessions",
  },
  PWNED_PASSWORDS_URL: {
    default: `\`${DEFAULT_PWNED_PASSWORDS_URL}\`; off in demo mode`,
    description:
      "Have I Been Pwned's range API: is a new password in a known breach? Only 5 hex digits of its SHA-1 leave (ADR 0035); empty: off. No answer in 1.5 s: the local check alone decides",
  },
  RAZORPAY_KEY_ID: {
    default: '– (local sandbox)',
    description:
      'Razorpay API key id (set it with `RAZORPAY_KEY_SECRET`); _required in production_; without them, the local sandbox. A live key (`rzp_live_…`) is refused with `DEMO=true`',
  },
  RAZORPAY_KEY_SECRET: { description: 'Razorpay API key secret; _required in production_' },
  RAZORPAY_WEBHOOK_SECRET: { description: 'Secret of the Razorpay webhook; _required in production_' },
  RAZORPAY_API_URL: {
    default: "Razorpay's",
    description: 'Base URL of the Orders API (tests point it at the sandbox)',
  },
  RAZORPAY_CHECKOUT_URL: { default: "Razorpay's", description: 'URL of the Checkout script' },
  RAZORPAY_CAPTURED_BY: {
    description:
      "Who captures an authorised payment before the store makes its order: `razorpay` (the account's automatic capture is on) or `store` (automatic capture off: the store captures through the API). See [Taking real payments](payments.md)",
  },
  GOOGLE_CLIENT_ID: { description: 'Google sign-in (set it with `GOOGLE_CLIENT_SECRET`)' },
  GOOGLE_CLIENT_SECRET: { description: "The Google OAuth client's secret" },
  GOOGLE_ISSUER_URL: { description: 'OpenID issuer (tests use a local one)' },
  RATE_LIMIT_LOGINS_PER_IP_PER_15_MIN: {
    description:
      'Sign-in attempts per client in 15 minutes (ADR 0062); a client is its address, an IPv6 client its /64',
  },
  RATE_LIMIT_LOGINS_PER_EMAIL_AND_IP_PER_15_MIN: {
    description:
      'Sign-in attempts for one email address from one client in 15 minutes (ADR 0062); a client is its address, an IPv6 client its /64',
  },
  RATE_LIMIT_LOGINS_PER_EMAIL_PER_15_MIN: {
    description:
      'Sign-in attempts for one email address from anywhere in 15 minutes (a ceiling) (ADR 0062); past it, one try per new client and per IPv6 /48 (ADR 0035)',
  },
  RATE_LIMIT_SIGNUPS_PER_IP_PER_HOUR: {
    description:
      'Signup codes requested per client in an hour (ADR 0062); a client is its address, an IPv6 client its /64',
  },
  RATE_LIMIT_CODES_SENT_PER_EMAIL_AND_IP_PER_HOUR: {
    description:
      "Signup codes mailed to one address at one client's request in an hour (ADR 0062); a client is its address, an IPv6 client its /64",
  },
  RATE_LIMIT_CODES_SENT_PER_EMAIL_PER_HOUR: {
    description:
      'Signup codes mailed to one address in an hour (a ceiling) (ADR 0062); a client is its address, an IPv6 client its /64',
  },
  RATE_LIMIT_CODE_CHECKS_PER_IP_PER_15_MIN: {
    description:
      'Signup code guesses per client in 15 minutes (ADR 0062); a client is its address, an IPv6 client its /64',
  },
  RATE_LIMIT_RESETS_PER_IP_PER_HOUR: {
    description:
      'Password reset requests per client in an hour (ADR 0062); a client is its address, an IPv6 client its /64',
  },
  RATE_LIMIT_RESETS_PER_EMAIL_AND_IP_PER_HOUR: {
    description:
      'Password reset requests for one email address from one client in an hour (ADR 0062); a client is its address, an IPv6 client its /64',
  },
  RATE_LIMIT_RESETS_PER_EMAIL_PER_HOUR: {
    description:
      'Password reset requests for one email address in an hour (a ceiling) (ADR 0062); a client is its address, an IPv6 client its /64',
  },
  RATE_LIMIT_TWO_FACTOR_CODES_PER_IP_PER_15_MIN: {
    description:
      'Two-factor sign-in codes per client in 15 minutes (ADR 0020), on top of 5 per sign-in and 10 wrong in a row per account; a client is its address, an IPv6 client its /64',
  },
  RATE_LIMIT_TWO_FACTOR_CHECKS_PER_ACCOUNT_PER_15_MIN: {
    description:
      "Codes and passwords asked of one signed-in account in 15 minutes: setting up or turning off two-factor sign-in, a refund's fresh code (ADR 0020)",
  },
  RATE_LIMIT_PAYMENT_STARTS_PER_SHOPPER_PER_15_MIN: {
    description: 'Continue to Payment presses per signed-in shopper in 15 minutes (ADR 0012): each one holds stock',
  },
  RATE_LIMIT_COUPON_CHECKS_PER_SHOPPER_PER_15_MIN: {
    description:
      'Coupon codes one signed-in shopper may have judged at checkout in 15 minutes: private codes cannot be found from a word list (only a signed-in shopper can check a code)',
  },
  RATE_LIMIT_LIKES_PER_SHOPPER_PER_15_MIN: {
    description:
      'Likes and unlikes per signed-in shopper in 15 minutes (ADR 0036): each one that changes something drops the kept visitor pages',
  },
  RATE_LIMIT_ORDER_LOOKUPS_PER_IP_PER_HOUR: {
    description:
      'Order lookups at Track Order (`/track-order`, by order number and email) per client in an hour, found or not',
  },
  RATE_LIMIT_PINCODE_LOOKUPS_PER_IP_PER_15_MIN: {
    description:
      "Pincode lookups per client in 15 minutes: the address form's autofill and every delivery check (ADR 0026)",
  },
  RATE_LIMIT_ENQUIRIES_PER_IP_PER_HOUR: {
    description:
      'Contact messages and bulk order requests sent per client in an hour (ADR 0028); refused forms do not count; a client is its address, an IPv6 client its /64',
  },
  RATE_LIMIT_RETURN_REQUESTS_PER_SHOPPER_PER_HOUR: {
    description:
      "Return and exchange requests per signed-in shopper in an hour, refused ones too: each may carry photos to decode (ADR 0025); a request for another's order never counts",
  },
  RATE_LIMIT_NOTIFY_SIGNUPS_PER_IP_PER_HOUR: {
    description:
      "'Notify me' sign-ups (for a drop or a sold-out size) per client in an hour, refused ones too (each of a visitor's mails a confirmation link); a client is its address, an IPv6 client its /64",
  },
  RATE_LIMIT_NOTIFY_CONFIRMATIONS_PER_EMAIL_PER_HOUR: {
    description:
      "'Notify me' confirmation links mailed to one address in an hour, over every drop and size; past it a visitor's sign-up gets the same answer but mails nothing and leaves the last link working",
  },
  RETURN_WINDOW_DAYS: {
    description: 'Days after delivery a shopper may ask to return or exchange items (ADR 0025)',
  },
  RETURN_HOLD_DAYS: {
    description:
      "Days a return or exchange request may wait for staff's decision or its pickup before it lapses and an exchange's held size goes back on sale",
  },
  LOW_STOCK_UNITS: {
    description:
      "The admin dashboard's low-stock list: a product's sizes with this many units left or fewer (0 lists only the sold-out ones), with their pace over the last 14 days",
  },
  DELIVERY_CUTOFF: {
    description:
      'Order cut-off, India time (HH:MM): an order from then on starts the next business day, for the delivery dates (ADR 0026)',
  },
  DELIVERY_HOLIDAYS: {
    default: '– (Sundays only)',
    description:
      'Days without deliveries besides Sundays, comma-separated `YYYY-MM-DD` (`2026-12-25,2027-01-26`); delivery dates skip them',
  },
  DELIVERY_EXCLUDED_PINCODES: {
    default: '– (every known pincode)',
    description:
      "Pincodes (6 digits) or their first 3 digits, comma-separated (`744,682551`), answered 'We do not deliver to this pincode yet'",
  },
  SHIPPING_PROVIDER: {
    default: '`shiprocket` in demo mode (its local sandbox), `manual` otherwise',
    description:
      'Who carries parcels: `manual` (staff give the courier and AWB; estimates from the zone table) or `shiprocket` (labels, pickups and tracking through its API)',
  },
  SHIPROCKET_EMAIL: {
    default: '– (local sandbox)',
    description:
      "The email of Shiprocket's API user (set it with `SHIPROCKET_PASSWORD`); without them, in demo mode only, the local sandbox",
  },
  SHIPROCKET_PASSWORD: { default: '–', description: "The password of Shiprocket's API user" },
  SHIPROCKET_API_URL: {
    default: '`https://apiv2.shiprocket.in/v1/external`',
    description:
      'Base URL of the Shiprocket API; in demo mode only a sandbox on this machine (`localhost`, `127.0.0.1`), as the tests start one',
  },
  SHIPROCKET_WEBHOOK_TOKEN: {
    default: '–',
    description:
      "The token Shiprocket sends in the tracking webhook's `x-api-key` header, at least 16 characters; _required with a Shiprocket account_",
  },
  SHIPROCKET_TIMEOUT_MS: {
    description:
      'How long a call to Shiprocket may take before it counts as failed (and is looked up before it is repeated)',
  },
  SHIPPING_PICKUP_LOCATION: {
    description: 'The name of the pickup location in the Shiprocket account that parcels are collected from',
  },
  SHIPPING_WAREHOUSE_PINCODE: {
    description: "The pincode parcels leave from, for the courier's delivery estimates",
  },
  SHIPPING_PARCELS: {
    description:
      'The parcel of each category and of any other, comma-separated `category=weight kg LxBxH cm` (`default=0.4kg 30x25x4cm, jackets=1.2kg 40x32x10cm`)',
  },
  COD_ENABLED: { description: "Whether checkout offers 'Cash on delivery' beside online payment (ADR 0047)" },
  COD_MIN_ORDER_RUPEES: {
    description:
      'The smallest order total, in whole rupees, cash on delivery may be used for (after discounts, with the fee)',
  },
  COD_MAX_ORDER_RUPEES: { description: 'The largest order total, in whole rupees, cash on delivery may be used for' },
  COD_EXCLUDED_PINCODES: {
    default: '– (every pincode delivered to)',
    description:
      'Pincodes (6 digits) or their first digits, comma-separated (`744,19`), for which cash on delivery is refused',
  },
  COD_MAX_OPEN_ORDERS: {
    description: "A shopper's cash on delivery orders on their way (not delivered, cancelled or returned) at most",
  },
  COD_MAX_RETURNED_TO_ORIGIN: {
    description: 'Orders of a shopper returned to origin after which they are offered online payment only',
  },
  COD_FEE_RUPEES: {
    description: 'A fee in whole rupees added to cash on delivery orders, shown as its own line (0 for none)',
  },
  COD_CONFIRM_HOURS: {
    description:
      'Hours a cash on delivery order waits for its shopper to confirm it (the emailed link or the orders page) before it is cancelled',
  },
  COD_CASH_OVERDUE_DAYS: {
    description: "Days after delivery when a cash on delivery order's uncollected cash is listed as overdue for staff",
  },
  PREPAID_DISCOUNT: {
    default: '– (none)',
    description:
      "A saving for paying online: a percentage (`5%`) or whole rupees (`50`), shown as 'Save ₹{amount} by paying online'",
  },
  STORE_CREDIT_REFUND_BONUS_PERCENT: {
    description:
      'A bonus, in per cent (0 to 50), added to a refund the shopper takes as store credit instead of money back (ADR 0048)',
  },
  STORE_CREDIT_EXPIRY_DAYS: {
    default: '– (credit never expires)',
    description:
      'Days store credit lasts (7 to 3,650): each credit expires that long after it was given, oldest first; the shopper is emailed about 7 days before',
  },
  STORE_CREDIT_CODE_ABOVE_RUPEES: {
    description:
      'Staff granting or taking back more store credit than this, in whole rupees, give a code from their authenticator app, as for a refund (0: always)',
  },
  NOTIFY_EMAILS_PER_MINUTE: {
    description:
      "The most 'Notify me' emails (a drop live, a size back in stock) the store queues a minute, spread evenly over it; more people waiting are emailed in the minutes after, first asked first",
  },
  BULK_ORDER_MIN_QUANTITY: {
    description:
      'The fewest pieces a bulk order request (`/bulk-orders`) may ask for; the form and its refusal name it (ADR 0028)',
  },
  ENQUIRY_RETENTION_DAYS: {
    description:
      'Days a contact message or bulk order request (with its logo) is kept before the purge deletes it, 30 to 3,650; the privacy page states it. Deleting an account deletes those sent from its address at once',
  },
  SELLER_LEGAL_NAME: {
    default: 'the demo seller',
    description:
      'The seller on tax invoices and credit notes: legal name (ADR 0024); _required in production_ (in demo mode, set all four `SELLER_` settings or none)',
  },
  SELLER_ADDRESS: { default: 'the demo seller', description: "The seller's address; _required in production_" },
  SELLER_GSTIN: {
    default: `\`${DEMO_SELLER.gstin}\` in demo mode`,
    description: "The seller's GSTIN (checked: format, check character, state code); _required in production_",
  },
  SELLER_STATE: {
    default: `\`${DEMO_SELLER.state}\` in demo mode`,
    description:
      "The seller's state, one of the address form's; within that state tax is CGST + SGST, elsewhere IGST; _required in production_",
  },
  GRIEVANCE_OFFICER_NAME: {
    default: 'the demo officer',
    description:
      'Who /terms and /privacy name for complaints (Consumer Protection (E-Commerce) Rules 2020, rule 4; ADR 0029): the name; _required in production_ (in demo mode, set all three `GRIEVANCE_OFFICER_` settings or none)',
  },
  GRIEVANCE_OFFICER_EMAIL: {
    default: 'the demo officer',
    description: "The grievance officer's email; _required in production_",
  },
  GRIEVANCE_OFFICER_PHONE: {
    default: 'the demo officer',
    description: "The grievance officer's phone; _required in production_",
  },
  INVOICE_PREFIX: {
    description:
      'First part of document numbers: `TTT/2026-27/000123` (invoices), `TTT/CN/2026-27/000004` (credit notes); 1 to 8 capital letters or digits',
  },
  GST_RATE_BANDS: {
    description:
      'GST rate by taxable value per piece: `ceiling in paise:rate %` pairs, rising, the last `*` (5% up to ₹2,500.00, 18% above: the apparel rates since 22 September 2025; see ADR 0024 for the source)',
  },
  STORE_NAME: { description: 'Store name' },
  STORE_EMAIL: {
    description:
      'Contact email shown in the footer (`{email}`); contact messages and bulk order requests are mailed to it, replying to their sender',
  },
  STORE_PHONE: { description: 'Contact phone shown in the footer (`{phone}`)' },
  STORE_FOUNDERS: { description: 'The two founders named on About Us (`{name}`), comma-separated' },
  SOCIAL_INSTAGRAM_URL: { description: 'Instagram link in the footer and menu' },
  SOCIAL_FACEBOOK_URL: { description: 'Facebook link in the footer and menu' },
  SOCIAL_X_URL: { description: 'X link in the footer and menu' },
  SOCIAL_WHATSAPP_URL: { description: 'WhatsApp link in the footer and menu' },
};

const attemptsPerWindow = z.coerce.number().int('must be a whole number').min(1, 'must be at least 1');

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Where uploaded images are kept (src/server/storage, ADR 0021). */
export type StorageSettings =
  | { kind: 'local' }
  | {
      kind: 's3';
      /** Absent for Amazon S3 itself. */
      endpoint: string | undefined;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** `host/bucket/key` addresses instead of `bucket.host/key` (MinIO, most self-hosted stores). */
      forcePathStyle: boolean;
    };

/** The settings that choose S3 (any of them does), the four it then needs first. */
const S3_REQUIRED = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_SETTINGS = [...S3_REQUIRED, 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE'] as const;

/** Settings the pages may show (docs/product.md's {email}, {phone}, {name}, social links). */
export interface StoreSettings {
  name: string;
  email: string;
  phone: string;
  founders: [string, string];
  social: { instagram: string; facebook: string; x: string; whatsapp: string };
}

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  demo: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string | undefined;
  /** Bearer token of GET /metrics; undefined: no metrics page. */
  metricsToken: string | undefined;
  logLevel: string;
  /** How long SIGTERM waits for requests and jobs in flight before cutting them off, in ms. */
  shutdownGraceMs: number;
  /** Changes within this long of the one that dropped the kept visitor pages drop them once more, together. */
  pageCacheChangeWindowMs: number;
  /** How many requests an instance answers at once, and how long others wait before a 503 (http/overload.ts). */
  overload: { maxInFlight: number; maxWaitMs: number };
  /** A drop's line: who is let in at its minute, then each second, and for how long (drops/queue.ts). */
  dropQueue: { atOnce: number; perSecond: number; minutes: number };
  smtpUrl: string | undefined;
  mailFrom: string;
  admin: { email: string; password: string } | undefined;
  /** Where new passwords are looked up among breached ones; `url` undefined: only the local list. */
  pwnedPasswords: PwnedPasswordsSettings;
  trustProxy: TrustProxy;
  rateLimits: RateLimits;
  razorpay: {
    keyId: string | undefined;
    keySecret: string | undefined;
    webhookSecret: string | undefined;
    apiUrl: string | undefined;
    checkoutUrl: string | undefined;
    capturedBy: 'razorpay' | 'store';
  };
  google: { clientId: string | undefined; clientSecret: string | undefined; issuerUrl: string };
  store: StoreSettings;
  storage: StorageSettings;
  /** Public base URL of uploaded images (ASSETS_URL, without a trailing slash); unset, the store serves them. */
  assetsUrl: string | undefined;
  /** Returns and exchanges: how long after delivery they may be asked for, how long a request may wait. */
  returns: ReturnSettings;
  /** The admin dashboard: the units left at or under which a size is listed as low on stock. */
  reports: { lowStockUnits: number };
  /** Contact and bulk order enquiries: the fewest pieces a bulk request may ask for, the days they are kept. */
  enquiries: { bulkMinQuantity: number; retentionDays: number };
  /** 'Notify me': how many of its emails are queued a minute at most. */
  notify: { emailsPerMinute: number };
  /** Tax invoices and credit notes: the seller, the numbers' prefix, the GST rate bands. */
  invoices: InvoiceSettings;
  /** Delivery dates by pincode: the cut-off, the holidays, the pincodes not delivered to. */
  delivery: DeliverySettings;
  /** Cash on delivery's rules and fee, and the saving for paying online. */
  payments: PaymentSettings;
  /** The courier provider and the parcels it carries (shipping/settings.ts resolves the sandbox). */
  shipping: ShippingConfig;
  /** Store credit: the refund bonus, how long credit lasts, when staff need a fresh code. */
  storeCredit: StoreCreditSettings;
  /** Who answers shoppers' complaints, as the legal pages name them (ADR 0029). */
  grievanceOfficer: GrievanceOfficer;
}

interface GrievanceOfficer {
  name: string;
  email: string;
  phone: string;
}

export interface ReturnSettings {
  windowDays: number;
  holdDays: number;
}

/** Whether a URL names this machine (localhost, 127.0.0.1, ::1). */
function onThisMachine(url: string | undefined): boolean {
  if (!url) return false;
  return isLoopbackHost(new URL(url).hostname.replace(/^\[|\]$/g, ''));
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const demo = e.DEMO ?? !isProduction;
  const problems: string[] = [];
  if (!demo) {
    // Reset links, the Google redirect and the origin check are built on it (ADR 0018).
    if (!e.PUBLIC_URL) problems.push('PUBLIC_URL: required in production (the https:// address shoppers use)');
    else if (!e.PUBLIC_URL.startsWith('https://'))
      problems.push('PUBLIC_URL: must be an https:// address in production');
    if (!e.AUTH_SECRET) problems.push('AUTH_SECRET: required in production');
    if (!e.SMTP_URL) problems.push('SMTP_URL: required in production');
    // The local payment sandbox is for demo mode only.
    if (!e.RAZORPAY_KEY_ID) problems.push('RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET: required in production');
    if (e.RAZORPAY_KEY_ID && !e.RAZORPAY_WEBHOOK_SECRET)
      problems.push('RAZORPAY_WEBHOOK_SECRET: required in production');
    // The local Shiprocket sandbox is for demo mode only, as Razorpay's is.
    if (e.SHIPPING_PROVIDER === 'shiprocket' && !e.SHIPROCKET_EMAIL)
      problems.push(
        'SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD: required in production with SHIPPING_PROVIDER=shiprocket',
      );
  }
  if (e.SHIPROCKET_EMAIL && !e.SHIPROCKET_WEBHOOK_TOKEN) {
    problems.push('SHIPROCKET_WEBHOOK_TOKEN: required with a Shiprocket account, or no tracking event can be believed');
  }
  // Only a Shiprocket sandbox on this machine (a test's own, on a port of its own) may be named in
  // demo mode: nothing there books a courier.
  if (demo && e.SHIPROCKET_EMAIL && !onThisMachine(e.SHIPROCKET_API_URL)) {
    problems.push(
      'SHIPROCKET_EMAIL: a Shiprocket account books real couriers, so it cannot be used with DEMO=true; demo mode ships through the local sandbox (or a sandbox on this machine named by SHIPROCKET_API_URL)',
    );
  }
  if ((e.SHIPROCKET_EMAIL === undefined) !== (e.SHIPROCKET_PASSWORD === undefined)) {
    problems.push('SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD: set both or neither');
  }
  if (demo && e.RAZORPAY_KEY_ID?.startsWith('rzp_live_')) {
    problems.push(
      'RAZORPAY_KEY_ID: a live key (rzp_live_…) cannot be used with DEMO=true; demo mode takes no real payments',
    );
  }
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither');
  }
  if (e.ADMIN_PASSWORD && isCommonPassword(e.ADMIN_PASSWORD, { storeName: e.STORE_NAME, email: e.ADMIN_EMAIL })) {
    problems.push(`ADMIN_PASSWORD: ${COMMON_PASSWORD_MESSAGE}`);
  }
  if ((e.RAZORPAY_KEY_ID === undefined) !== (e.RAZORPAY_KEY_SECRET === undefined)) {
    problems.push('RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET: set both or neither');
  }
  if ((e.GOOGLE_CLIENT_ID === undefined) !== (e.GOOGLE_CLIENT_SECRET === undefined)) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both or neither');
  }
  let trustProxy = TRUST_NO_PROXY;
  try {
    trustProxy = parseTrustProxy(e.TRUST_PROXY);
  } catch (error) {
    problems.push(`TRUST_PROXY: ${(error as Error).message}`);
  }
  // A hop count believes whoever connects; only on loopback is that always a proxy on this machine.
  if (trustProxy.kind === 'hops' && !isLoopbackHost(e.HOST)) {
    problems.push(
      `TRUST_PROXY: a hop count trusts any peer, and HOST=${e.HOST} lets clients reach the store directly ` +
        "and name their own address in X-Forwarded-For: set TRUST_PROXY to the proxies' addresses or ranges " +
        '("private" for a proxy in a private network, "loopback" for one on this machine), ' +
        'or set HOST=127.0.0.1 when the proxy runs on this machine',
    );
  }
  const rateLimits = readRateLimits(env, problems);
  const storage = readStorage(e, problems);
  const invoices = readInvoiceSettings(e, demo, problems);
  const delivery = readDeliverySettings(e, problems);
  const payments = readPaymentSettings(e, problems);
  let parcels: ParcelSizes | undefined;
  try {
    parcels = parseParcelSizes(e.SHIPPING_PARCELS, CATEGORY_SLUGS);
  } catch (error) {
    problems.push(`SHIPPING_PARCELS: ${(error as Error).message}`);
  }
  const grievanceOfficer = readGrievanceOfficer(e, demo, problems);
  // Pages on https:// cannot show images from a plain http:// address.
  if (!demo && e.ASSETS_URL && !e.ASSETS_URL.startsWith('https://'))
    problems.push('ASSETS_URL: must be an https:// address in production');
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: e.NODE_ENV,
    isProduction,
    demo,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    authSecret: e.AUTH_SECRET,
    metricsToken: e.METRICS_TOKEN,
    logLevel: e.LOG_LEVEL,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    pageCacheChangeWindowMs: e.PAGE_CACHE_CHANGE_WINDOW_MS,
    overload: { maxInFlight: e.OVERLOAD_MAX_IN_FLIGHT, maxWaitMs: e.OVERLOAD_MAX_WAIT_MS },
    dropQueue: { atOnce: e.DROP_QUEUE_AT_ONCE, perSecond: e.DROP_QUEUE_PER_SECOND, minutes: e.DROP_QUEUE_MINUTES },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    pwnedPasswords: {
      url: (e.PWNED_PASSWORDS_URL ?? (demo ? '' : DEFAULT_PWNED_PASSWORDS_URL)).replace(/\/+$/, '') || undefined,
      timeoutMs: PWNED_PASSWORDS_TIMEOUT_MS,
    },
    trustProxy,
    rateLimits,
    razorpay: {
      keyId: e.RAZORPAY_KEY_ID,
      keySecret: e.RAZORPAY_KEY_SECRET,
      webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
      apiUrl: e.RAZORPAY_API_URL,
      checkoutUrl: e.RAZORPAY_CHECKOUT_URL,
      capturedBy: e.RAZORPAY_CAPTURED_BY,
    },
    google: { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuerUrl: e.GOOGLE_ISSUER_URL },
    store: {
      name: e.STORE_NAME,
      email: e.STORE_EMAIL,
      phone: e.STORE_PHONE,
      founders: [e.STORE_FOUNDERS[0]!, e.STORE_FOUNDERS[1]!],
      social: {
        instagram: e.SOCIAL_INSTAGRAM_URL,
        facebook: e.SOCIAL_FACEBOOK_URL,
        x: e.SOCIAL_X_URL,
        whatsapp: e.SOCIAL_WHATSAPP_URL,
      },
    },
    storage,
    assetsUrl: e.ASSETS_URL?.replace(/\/+$/, ''),
    returns: { windowDays: e.RETURN_WINDOW_DAYS, holdDays: e.RETURN_HOLD_DAYS },
    reports: { lowStockUnits: e.LOW_STOCK_UNITS },
    enquiries: { bulkMinQuantity: e.BULK_ORDER_MIN_QUANTITY, retentionDays: e.ENQUIRY_RETENTION_DAYS },
    notify: { emailsPerMinute: e.NOTIFY_EMAILS_PER_MINUTE },
    invoices,
    delivery,
    payments,
    shipping: {
      provider: e.SHIPPING_PROVIDER ?? (demo ? 'shiprocket' : 'manual'),
      shiprocketEmail: e.SHIPROCKET_EMAIL,
      shiprocketPassword: e.SHIPROCKET_PASSWORD,
      shiprocketApiUrl: e.SHIPROCKET_API_URL,
      shiprocketWebhookToken: e.SHIPROCKET_WEBHOOK_TOKEN,
      timeoutMs: e.SHIPROCKET_TIMEOUT_MS,
      pickupLocation: e.SHIPPING_PICKUP_LOCATION,
      warehousePincode: e.SHIPPING_WAREHOUSE_PINCODE,
      parcels: parcels!,
    },
    storeCredit: {
      refundBonusPercent: e.STORE_CREDIT_REFUND_BONUS_PERCENT,
      expiryDays: e.STORE_CREDIT_EXPIRY_DAYS,
      codeAbovePaise: e.STORE_CREDIT_CODE_ABOVE_RUPEES * 100,
    },
    grievanceOfficer,
  };
}

function readPaymentSettings(e: z.infer<typeof EnvSchema>, problems: string[]): PaymentSettings {
  if (e.COD_MIN_ORDER_RUPEES > e.COD_MAX_ORDER_RUPEES) {
    problems.push('COD_MIN_ORDER_RUPEES: must not be more than COD_MAX_ORDER_RUPEES');
  }
  let excludedPincodes: string[] = [];
  try {
    excludedPincodes = parseCodExcludedPincodes(e.COD_EXCLUDED_PINCODES);
  } catch (error) {
    problems.push(`COD_EXCLUDED_PINCODES: ${(error as Error).message}`);
  }
  let prepaidDiscount: PaymentSettings['prepaidDiscount'];
  try {
    prepaidDiscount = parsePrepaidDiscount(e.PREPAID_DISCOUNT);
  } catch (error) {
    problems.push(`PREPAID_DISCOUNT: ${(error as Error).message}`);
  }
  return {
    cod: {
      enabled: e.COD_ENABLED,
      minOrderPaise: e.COD_MIN_ORDER_RUPEES * 100,
      maxOrderPaise: e.COD_MAX_ORDER_RUPEES * 100,
      excludedPincodes,
      maxOpenOrders: e.COD_MAX_OPEN_ORDERS,
      maxReturnedToOrigin: e.COD_MAX_RETURNED_TO_ORIGIN,
      feePaise: e.COD_FEE_RUPEES * 100,
      confirmHours: e.COD_CONFIRM_HOURS,
      cashOverdueDays: e.COD_CASH_OVERDUE_DAYS,
    },
    prepaidDiscount,
  };
}

/**
 * The grievance officer: all three GRIEVANCE_OFFICER_ settings, required in production; in demo
 * mode the demo officer, unless they are set (then all three, as in production).
 */
function readGrievanceOfficer(e: z.infer<typeof EnvSchema>, demo: boolean, problems: string[]): GrievanceOfficer {
  const given = {
    GRIEVANCE_OFFICER_NAME: e.GRIEVANCE_OFFICER_NAME,
    GRIEVANCE_OFFICER_EMAIL: e.GRIEVANCE_OFFICER_EMAIL,
    GRIEVANCE_OFFICER_PHONE: e.GRIEVANCE_OFFICER_PHONE,
  };
  if (demo && Object.values(given).every((value) => value === undefined)) return { ...DEMO_GRIEVANCE_OFFICER };
  for (const [name, value] of Object.entries(given)) {
    if (value === undefined) {
      problems.push(
        `${name}: required ${demo ? 'with the other GRIEVANCE_OFFICER_ settings' : 'in production'} (the legal pages)`,
      );
    }
  }
  return {
    name: e.GRIEVANCE_OFFICER_NAME ?? '',
    email: e.GRIEVANCE_OFFICER_EMAIL ?? '',
    phone: e.GRIEVANCE_OFFICER_PHONE ?? '',
  };
}

function readDeliverySettings(e: z.infer<typeof EnvSchema>, problems: string[]): DeliverySettings {
  const read = <T>(name: string, parse: () => T, fallback: T): T => {
    try {
      return parse();
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message}`);
      return fallback;
    }
  };
  return {
    cutoffMinutes: read('DELIVERY_CUTOFF', () => parseCutoff(e.DELIVERY_CUTOFF), 0),
    holidays: read('DELIVERY_HOLIDAYS', () => parseHolidays(e.DELIVERY_HOLIDAYS), new Set<string>()),
    excluded: read('DELIVERY_EXCLUDED_PINCODES', () => parseExcludedPincodes(e.DELIVERY_EXCLUDED_PINCODES), []),
  };
}

/**
 * The seller the tax documents name: all four SELLER_ settings, required in production; in demo
 * mode the demo seller, unless they are set (then all four, as in production).
 */
function readInvoiceSettings(e: z.infer<typeof EnvSchema>, demo: boolean, problems: string[]): InvoiceSettings {
  let rateBands: InvoiceSettings['rateBands'] = [];
  try {
    rateBands = parseRateBands(e.GST_RATE_BANDS);
  } catch (error) {
    problems.push(`GST_RATE_BANDS: ${(error as Error).message}`);
  }
  const given = {
    SELLER_LEGAL_NAME: e.SELLER_LEGAL_NAME,
    SELLER_ADDRESS: e.SELLER_ADDRESS,
    SELLER_GSTIN: e.SELLER_GSTIN,
    SELLER_STATE: e.SELLER_STATE,
  };
  const anyGiven = Object.values(given).some((value) => value !== undefined);
  if (demo && !anyGiven) return { seller: { ...DEMO_SELLER }, prefix: e.INVOICE_PREFIX, rateBands };
  for (const [name, value] of Object.entries(given)) {
    if (value === undefined) {
      problems.push(`${name}: required ${demo ? 'with the other SELLER_ settings' : 'in production'} (tax invoices)`);
    }
  }
  if (e.SELLER_GSTIN && e.SELLER_STATE) {
    const problem = gstinProblem(e.SELLER_GSTIN, e.SELLER_STATE);
    if (problem) problems.push(`SELLER_GSTIN: ${problem}`);
  }
  return {
    seller: {
      legalName: e.SELLER_LEGAL_NAME ?? '',
      address: e.SELLER_ADDRESS ?? '',
      gstin: e.SELLER_GSTIN ?? '',
      state: e.SELLER_STATE ?? '',
    },
    prefix: e.INVOICE_PREFIX,
    rateBands,
  };
}

/**
 * DATA_DIR, or the S3-compatible bucket the S3_ settings name: setting any of them means S3, so
 * a half-made S3 setup is refused (naming what is missing) rather than quietly writing to disk.
 */
function readStorage(e: z.infer<typeof EnvSchema>, problems: string[]): StorageSettings {
  const given = S3_SETTINGS.filter((name) => e[name] !== undefined);
  if (given.length === 0) return { kind: 'local' };
  const missing = S3_REQUIRED.filter((name) => e[name] === undefined);
  for (const name of missing)
    problems.push(
      `${name}: required to keep images in S3 (${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set)`,
    );
  return {
    kind: 's3',
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    bucket: e.S3_BUCKET ?? '',
    region: e.S3_REGION ?? '',
    accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
  };
}

function readRateLimits(env: Record<string, string | undefined>, problems: string[]): RateLimits {
  const entries = Object.entries(RATE_LIMIT_SETTINGS).map(([rule, name]) => {
    const defaults = RATE_RULES[rule as keyof RateLimits];
    const value = env[name]?.trim();
    if (!value) return [rule, defaults];
    const parsed = attemptsPerWindow.safeParse(value);
    if (!parsed.success) problems.push(`${name}: ${parsed.error.issues[0]!.message}`);
    return [rule, { ...defaults, max: parsed.data ?? defaults.max }];
  });
  return Object.fromEntries(entries) as RateLimits;
}

/**
 * The auth secret: AUTH_SECRET when given; in demo mode a random one generated once and kept in
 * DATA_DIR so sessions survive restarts.
 */
export function resolveAuthSecret(config: Config): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
