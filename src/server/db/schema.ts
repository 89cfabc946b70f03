// The whole database schema (docs/product.md §3). Money is integer paise; checks make bad rows
// impossible. Change it only together with a new migration: `npm run db:generate`.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { MAX_LINE_QUANTITY } from '../../common/cart-messages.ts';
import { CUSTOMER_NOTE_MAX } from '../../common/customer-notes.ts';
import { COURIER_DIRECTIONS, COURIER_STATES, NDR_ACTIONS, TRACKING_STATES } from '../../common/courier-shipments.ts';
import {
  CATEGORY_SLUGS,
  COLLECTION_SLUGS,
  GENDERS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  SIZES,
  type PaymentMethod,
} from '../../common/catalog.ts';
import { MAX_PAYOUT_REFERENCE_LENGTH, REFUND_DESTINATIONS } from '../../common/refunds.ts';
import { RETURN_KINDS, RETURN_REASON_VALUES, RETURN_STATUSES } from '../../common/returns.ts';
import { STOCK_MOVEMENT_KINDS, STOCK_NOTE_MAX } from '../../common/stock-movements.ts';
import { STORE_CREDIT_CREDITS, STORE_CREDIT_KINDS, STORE_CREDIT_REASON_MAX } from '../../common/store-credit.ts';
import type { AddressInput } from '../../common/validation.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const generatedId = () => uuid('id').primaryKey().defaultRandom();

export interface KeyHighlights {
  design?: string;
  fit?: string;
  neck?: string;
  occasion?: string;
  sleeveStyle?: string;
  washCare?: string;
  [label: string]: string | undefined;
}

export interface DeliveryInfo {
  standardDelivery: string;
  expressDelivery: string;
  pincodeDelivery: boolean;
}

/** Shoppers and staff. Shaped for better-auth's user model (ADR 0005), plus a role. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role').notNull().default('customer'),
    /** Set by better-auth's two-factor plugin once an authenticator code has confirmed the setup. */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /**
     * When the shopper asked for the account to be deleted (ADR 0029): the row stays for the
     * orders and invoices the tax law keeps, with its personal data erased.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('users_role_check', sql`${t.role} in ('customer', 'admin')`)],
);

/** The user a row belongs to: the row goes when the user does. */
const ownerUserId = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
/** The product a row belongs to: the row goes when the product does. */
const ownerProductId = () =>
  integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' });
/** The shopper a financial record is for: the account's row stays (erased) when it is deleted. */
const buyerUserId = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' });
/** The order a row is part of: orders are financial records, never deleted from under it. */
const partOfOrderId = () =>
  uuid('order_id')
    .notNull()
    .references((): AnyPgColumn => orders.id, { onDelete: 'restrict' });
/** The courier's parcel a row records something of; the parcel is never deleted from under it. */
const partOfCourierShipmentId = () =>
  uuid('courier_shipment_id')
    .notNull()
    .references((): AnyPgColumn => courierShipments.id, { onDelete: 'restrict' });

/** Signed-in browsers (better-auth's session model); a sign-out or a password reset deletes rows. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: ownerUserId(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** How a user signs in: `credential` (password hash) or an OpenID provider (better-auth's account model). */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    userId: ownerUserId(),
    providerId: text('provider_id').notNull(),
    accountId: text('account_id').notNull(),
    password: text('password'),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('accounts_provider_account_key').on(t.providerId, t.accountId),
    index('accounts_user_idx').on(t.userId),
  ],
);

/** better-auth's short-lived tokens: password reset links and OpenID state. */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * An account's authenticator (TOTP) secret and backup codes, both encrypted with AUTH_SECRET by
 * better-auth's two-factor plugin (ADR 0020). `verified` turns true when the first code confirms the
 * setup; the failure count and lock are the plugin's per-account lockout.
 */
export const twoFactors = pgTable('two_factors', {
  id: text('id').primaryKey(),
  userId: ownerUserId().unique(),
  secret: text('secret').notNull(),
  backupCodes: text('backup_codes').notNull(),
  verified: boolean('verified').notNull().default(true),
  failedVerificationCount: integer('failed_verification_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A signup waiting for its emailed code. No user exists until the code is verified; the password
 * is already hashed and the code is kept only as an HMAC. One email may have several: anyone can
 * start a signup for any email, and must not cancel the owner's (ADR 0062).
 */
export const signupRequests = pgTable(
  'signup_requests',
  {
    id: generatedId(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    gender: text('gender').notNull(),
    passwordHash: text('password_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('signup_requests_attempts_check', sql`${t.attempts} >= 0`),
    check('signup_requests_gender_check', sql`${t.gender} in (${inList(GENDERS)})`),
    index('signup_requests_email_idx').on(t.email),
  ],
);

/** Fixed-window request counters shared by every app instance (ADR 0062). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/**
 * A limited launch: its products go on sale together at `goesLiveAt` (before it they show, but
 * cannot be held or bought), with an optional limit of units per shopper (docs/drops.md).
 */
export const drops = pgTable(
  'drops',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    goesLiveAt: timestamp('goes_live_at', { withTimezone: true }).notNull(),
    /** The most units of one size a shopper may have, all their orders and holds together; null: no limit. */
    limitPerSize: integer('limit_per_size'),
    /** The most units of the drop's products a shopper may have in all; null: no limit. */
    limitTotal: integer('limit_total'),
    /** Whether its products stay out of the listing and search until it goes live (reached by link only). */
    hiddenUntilLive: boolean('hidden_until_live').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('drops_name_check', sql`length(trim(${t.name})) > 0`),
    check('drops_limits_check', sql`coalesce(${t.limitPerSize}, 1) > 0 and coalesce(${t.limitTotal}, 1) > 0`),
    // Each instance asks for the next drop to go live, to drop its kept pages at that minute.
    index('drops_goes_live_at_idx').on(t.goesLiveAt),
  ],
);

/**
 * A drop's line (drops/queue.ts): how many places it has given out, each arriving shopper taking
 * the next. One line per drop and minute: a drop moved to another minute starts a new one. Apart
 * from `drops`, whose changes tell every instance the catalog changed.
 */
export const dropQueues = pgTable(
  'drop_queues',
  {
    dropId: integer('drop_id')
      .notNull()
      .references(() => drops.id, { onDelete: 'cascade' }),
    goesLiveAt: timestamp('goes_live_at', { withTimezone: true }).notNull(),
    issued: integer('issued').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'drop_queues_pkey', columns: [t.dropId, t.goesLiveAt] })],
);

/** Which shopper used a place in a drop's line: a place lets one shopper buy, not everyone it is passed to. */
export const dropTurns = pgTable(
  'drop_turns',
  {
    dropId: integer('drop_id')
      .notNull()
      .references(() => drops.id, { onDelete: 'cascade' }),
    goesLiveAt: timestamp('goes_live_at', { withTimezone: true }).notNull(),
    place: integer('place').notNull(),
    userId: ownerUserId(),
  },
  (t) => [
    primaryKey({ name: 'drop_turns_pkey', columns: [t.dropId, t.goesLiveAt, t.place] }),
    // An account's deletion takes its rows with it.
    index('drop_turns_user_id_idx').on(t.userId),
  ],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Image base paths such as `/images/products/astro-kid-tee-1`; variants add `-{width}.webp`. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    pricePaise: integer('price_paise').notNull(),
    sizes: text('sizes').array().notNull(),
    description: text('description').notNull().default(''),
    fullDescription: text('full_description').notNull().default(''),
    manufactureAndCare: text('manufacture_and_care').notNull().default(''),
    returnPolicy: text('return_policy').notNull().default(''),
    keyHighlights: jsonb('key_highlights').$type<KeyHighlights>().notNull().default({}),
    deliveryInfo: jsonb('delivery_info').$type<DeliveryInfo>().notNull(),
    collection: text('collection'),
    category: text('category'),
    thumbnail: text('thumbnail'),
    /** The drop it launches in, if any: not for sale before the drop goes live. */
    dropId: integer('drop_id').references(() => drops.id, { onDelete: 'set null' }),
    /** Goes up by one with every admin save; an edit names the version it started from. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_name_check', sql`length(trim(${t.name})) > 0`),
    check('products_price_check', sql`${t.pricePaise} > 0`),
    check('products_sizes_check', sql`${t.sizes} <@ array[${inList(SIZES)}]::text[]`),
    check('products_collection_check', sql`${t.collection} in (${inList(COLLECTION_SLUGS)})`),
    check('products_category_check', sql`${t.category} in (${inList(CATEGORY_SLUGS)})`),
    // Listing pages filter by one of these and page in id order (docs/product.md §7).
    index('products_collection_id_idx').on(t.collection, t.id),
    index('products_category_id_idx').on(t.category, t.id),
    // A drop's products (staff's drop page, the listing's hidden drops).
    index('products_drop_idx').on(t.dropId),
    // Live search: substring and typo-tolerant matching on names. Migration 0024 lowers its
    // statistics target (which this schema cannot state) to keep typo searches' planning short.
    index('products_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    userId: ownerUserId(),
    productId: ownerProductId(),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull().default(1),
    selected: boolean('selected').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'cart_items_pkey', columns: [t.userId, t.productId, t.size] }),
    check('cart_items_quantity_check', sql`${t.quantity} between 1 and ${sql.raw(String(MAX_LINE_QUANTITY))}`),
    check('cart_items_size_check', sql`${t.size} in (${inList(SIZES)})`),
    index('cart_items_product_idx').on(t.productId),
  ],
);

export const productLikes = pgTable(
  'product_likes',
  {
    id: serial('id').primaryKey(),
    userId: ownerUserId(),
    productId: ownerProductId(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('product_likes_user_product_key').on(t.userId, t.productId),
    // get_product_like_count counts by product.
    index('product_likes_product_idx').on(t.productId),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: generatedId(),
    userId: ownerUserId(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    house: text('house').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    pincode: text('pincode').notNull(),
    state: text('state').notNull(),
    country: text('country').notNull().default('India'),
    createdAt: createdAt(),
  },
  (t) => [
    check('addresses_phone_check', sql`${t.phone} ~ '^[0-9]{10}$'`),
    check('addresses_pincode_check', sql`${t.pincode} ~ '^[0-9]{6}$'`),
    index('addresses_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** One profile per user, keyed by the user's id (docs/product.md §3 "profiles"). */
export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    gender: text('gender'),
    addressHouse: text('address_house'),
    addressLine: text('address_line'),
    addressCity: text('address_city'),
    addressState: text('address_state'),
    addressPin: text('address_pin'),
    updatedAt: updatedAt(),
  },
  (t) => [check('profiles_gender_check', sql`${t.gender} is null or ${t.gender} in (${inList(GENDERS)})`)],
);

/** Units left of each size of a product; sales take from it, releases give back. */
export const productStock = pgTable(
  'product_stock',
  {
    productId: ownerProductId(),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'product_stock_pkey', columns: [t.productId, t.size] }),
    check('product_stock_quantity_check', sql`${t.quantity} >= 0`),
    check('product_stock_size_check', sql`${t.size} in (${inList(SIZES)})`),
  ],
);

export const coupons = pgTable(
  'coupons',
  {
    code: text('code').primaryKey(),
    kind: text('kind').notNull().default('flat'),
    /** A percentage (1 to 100) for `percent`, paise for `flat`. */
    value: integer('value').notNull().default(0),
    minOrderPaise: integer('min_order_paise').notNull().default(0),
    /** The most a percent coupon takes off; null for no cap. */
    maxDiscountPaise: integer('max_discount_paise'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Uses allowed in all; null for no limit. */
    usageLimit: integer('usage_limit'),
    perUserLimit: integer('per_user_limit'),
    timesUsed: integer('times_used').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** Only for orders paid online: refused with cash on delivery. */
    prepaidOnly: boolean('prepaid_only').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('coupons_code_check', sql`${t.code} = upper(${t.code}) and length(${t.code}) between 1 and 40`),
    check('coupons_times_used_check', sql`${t.timesUsed} >= 0`),
    check('coupons_kind_check', sql`${t.kind} in ('percent', 'flat')`),
    check('coupons_value_check', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    check('coupons_min_order_check', sql`${t.minOrderPaise} >= 0`),
    check('coupons_limits_check', sql`coalesce(${t.usageLimit}, 1) >= 0 and coalesce(${t.perUserLimit}, 1) >= 0`),
  ],
);

/** docs/product.md §3 "order item": the price is whole rupees, stored here in paise. */
export interface OrderItem {
  productId: number;
  name: string;
  size: string;
  quantity: number;
  pricePaise: number;
}

export const CHECKOUT_STATUSES = ['open', 'paid', 'released', 'refunded'] as const;

/**
 * What is bought, where it goes and what it costs: a checkout's, copied as they are to the order
 * it becomes.
 */
const purchaseColumns = () => ({
  itemsJson: jsonb('items_json').$type<OrderItem[]>().notNull(),
  // The address may be edited or deleted later; the row keeps its own copy in address_json.
  addressId: uuid('address_id').references(() => addresses.id, { onDelete: 'set null' }),
  addressJson: jsonb('address_json').$type<AddressInput>().notNull(),
  /**
   * Online (a Razorpay order is opened), cash on delivery or wholly store credit (both placed at
   * once, never open).
   */
  paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull().default('online'),
  subtotalPaise: integer('subtotal_paise').notNull(),
  /** The coupon's discount and the prepaid saving together. */
  discountPaise: integer('discount_paise').notNull().default(0),
  /** The part of the discount given for paying online (PREPAID_DISCOUNT). */
  prepaidDiscountPaise: integer('prepaid_discount_paise').notNull().default(0),
  /** The cash on delivery fee (COD_FEE_RUPEES), added to the total. */
  codFeePaise: integer('cod_fee_paise').notNull().default(0),
  totalPaise: integer('total_paise').notNull(),
  /**
   * The part of the total the shopper's store credit pays (a `spent` ledger entry naming the
   * checkout, taken in the transaction that holds it); Razorpay or the courier is asked for the rest.
   * A means of payment, not a discount: the total and the tax invoice are the same with or without it.
   */
  creditPaise: integer('credit_paise').notNull().default(0),
  couponCode: text('coupon_code').references(() => coupons.code, { onDelete: 'restrict' }),
});

/**
 * A payment in progress (docs/architecture.md "Payments"): what is being bought at the server's
 * prices, the address copy and the coupon, with the stock and the coupon use held to `expiresAt`.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: generatedId(),
    userId: buyerUserId(),
    status: text('status', { enum: CHECKOUT_STATUSES }).notNull().default('open'),
    /** Whether the lines came from the cart (bought lines leave it) or a buy-now item. */
    fromCart: boolean('from_cart').notNull(),
    ...purchaseColumns(),
    razorpayOrderId: text('razorpay_order_id').unique(),
    paymentId: text('payment_id').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the reconciliation job may next ask Razorpay about it; each ask backs off. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull().defaultNow(),
    checkAttempts: integer('check_attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('checkouts_status_check', sql`${t.status} in (${inList(CHECKOUT_STATUSES)})`),
    // One open checkout per shopper: a new one releases the previous (checkout/workflow.ts).
    uniqueIndex('checkouts_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'open'`),
    // The reconciliation job asks about checkouts by when they are due.
    index('checkouts_check_idx').on(t.nextCheckAt),
    check('checkouts_payment_method_check', sql`${t.paymentMethod} in (${inList(PAYMENT_METHODS)})`),
    check(
      'checkouts_amounts_check',
      sql`${t.totalPaise} > 0 and ${t.totalPaise} = ${t.subtotalPaise} - ${t.discountPaise} + ${t.codFeePaise}`,
    ),
    check(
      'checkouts_fees_check',
      sql`${t.prepaidDiscountPaise} between 0 and ${t.discountPaise} and ${t.codFeePaise} >= 0 and (${t.paymentMethod} = 'cod' or ${t.codFeePaise} = 0) and (${t.paymentMethod} <> 'cod' or ${t.prepaidDiscountPaise} = 0)`,
    ),
    // Store credit pays all of a store_credit checkout and part (never all) of any other.
    check(
      'checkouts_credit_check',
      sql`${t.creditPaise} between 0 and ${t.totalPaise} and (${t.paymentMethod} = 'store_credit') = (${t.creditPaise} = ${t.totalPaise})`,
    ),
    // The release job and the reconciliation look for open checkouts by age.
    index('checkouts_open_idx').on(t.status, t.expiresAt),
    // Coupon limits count the uses that open checkouts hold.
    index('checkouts_coupon_idx').on(t.couponCode, t.status),
  ],
);

/** Razorpay webhook deliveries already handled, by their event id (x-razorpay-event-id). */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  event: text('event').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Money given back, one refund of the whole payment (or one per return, of part of it): a payment that arrived when its stock was gone (its
 * checkout), or an order the admin marked failed (its order). The row's id is the idempotency key
 * sent to Razorpay, so a retried refund is never paid twice; `razorpayRefundId` is set once
 * Razorpay has accepted it. A refund goes back to the original payment, to the shopper's store
 * credit (made at once, with no payment), or is paid out by staff to the UPI ID or bank account
 * the return request names (ADR 0051); only the first ever reaches Razorpay.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: generatedId(),
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').references((): AnyPgColumn => orders.id, { onDelete: 'restrict' }),
    /** The return this refund pays back (part of the payment); null for a refund of the whole payment. */
    returnRequestId: uuid('return_request_id')
      .unique()
      .references((): AnyPgColumn => returnRequests.id, { onDelete: 'restrict' }),
    /** The payment given back: only a refund to it has one. */
    paymentId: text('payment_id'),
    destination: text('destination', { enum: REFUND_DESTINATIONS }).notNull().default('original'),
    razorpayRefundId: text('razorpay_refund_id'),
    amountPaise: integer('amount_paise').notNull(),
    reason: text('reason').notNull(),
    /** Requests Razorpay did not confirm, the last one's error, and when to ask next (backing off). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Given up on after too many failed requests: staff must look at it (the admin's order page). */
    needsAttention: boolean('needs_attention').notNull().default(false),
    /** A payout, once staff have paid it: the bank's or UPI app's reference and the day (India's). */
    payoutReference: text('payout_reference'),
    paidOutOn: date('paid_out_on', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('refunds_source_check', sql`${t.checkoutId} is not null or ${t.orderId} is not null`),
    check('refunds_destination_check', sql`${t.destination} in (${inList(REFUND_DESTINATIONS)})`),
    // Only a refund to the original payment has one, and only it is ever sent to Razorpay.
    check('refunds_payment_check', sql`(${t.destination} = 'original') = (${t.paymentId} is not null)`),
    check('refunds_razorpay_check', sql`${t.razorpayRefundId} is null or ${t.destination} = 'original'`),
    // A payout is a return's (its request says where it goes), recorded paid with a reference and a day.
    check(
      'refunds_payout_check',
      sql`(${t.destination} <> 'payout' or ${t.returnRequestId} is not null) and (${t.payoutReference} is null) = (${t.paidOutOn} is null) and (${t.payoutReference} is null or (${t.destination} = 'payout' and char_length(${t.payoutReference}) between 1 and ${sql.raw(String(MAX_PAYOUT_REFERENCE_LENGTH))}))`,
    ),
    // One refund of the whole payment, whoever asks; returns are refunds of parts of it, one each.
    uniqueIndex('refunds_whole_payment_key')
      .on(t.paymentId)
      .where(sql`${t.returnRequestId} is null`),
    // One whole refund of an order, wherever it goes (a refund as store credit has no payment).
    uniqueIndex('refunds_whole_order_key')
      .on(t.orderId)
      .where(sql`${t.returnRequestId} is null`),
    // A return's refund goes where its request says: the one place the shopper's choice is kept.
    foreignKey({
      name: 'refunds_return_destination_fk',
      columns: [t.returnRequestId, t.destination],
      foreignColumns: [returnRequests.id, returnRequests.refundDestination],
    }).onDelete('restrict'),
    // The retry job takes the unconfirmed refunds to the original payment by when they are due.
    index('refunds_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.razorpayRefundId} is null and ${t.destination} = 'original'`),
    // An order's refunds, every kind (a customer's page, the orders export).
    index('refunds_order_idx').on(t.orderId),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: generatedId(),
    userId: buyerUserId(),
    /**
     * The account's email when the order was placed: the order is tracked by it (orders/tracking.ts),
     * whatever the account's email becomes later. Erased with the account (auth/delete-account.ts).
     */
    email: text('email').notNull(),
    ...purchaseColumns(),
    /** Razorpay's payment id; none for cash on delivery or an order paid wholly with store credit. */
    paymentId: text('payment_id').unique(),
    /**
     * Cash on delivery: the SHA-256 of the emailed confirmation link's token, and when the order
     * was confirmed (by that link, the orders page or staff after a call).
     */
    codConfirmTokenHash: text('cod_confirm_token_hash'),
    codConfirmedAt: timestamp('cod_confirmed_at', { withTimezone: true }),
    /** Cash on delivery: when staff recorded the courier's remittance, its reference and date. */
    cashReceivedAt: timestamp('cash_received_at', { withTimezone: true }),
    cashReference: text('cash_reference'),
    cashRemittedOn: date('cash_remitted_on', { mode: 'string' }),
    /** The checkout this order completes: one order per checkout, whichever path gets there first. */
    checkoutId: uuid('checkout_id')
      .unique()
      .references(() => checkouts.id, { onDelete: 'restrict' }),
    /** Typed by the one list of order statuses, which the check below also uses. */
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    /** When staff started preparing it (moved it to processing): the timeline's 'Packed'. */
    packedAt: timestamp('packed_at', { withTimezone: true }),
    /**
     * The order is paid and its tax invoice is still to be numbered: set when it is placed, cleared
     * when its invoice is issued, right after the commit, off the shopper's path (ADR 0060).
     */
    invoiceDue: boolean('invoice_due').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('orders_status_check', sql`${t.status} in (${inList(ORDER_STATUSES)})`),
    check(
      'orders_amounts_check',
      sql`${t.subtotalPaise} >= 0 and ${t.discountPaise} >= 0 and ${t.totalPaise} = ${t.subtotalPaise} - ${t.discountPaise} + ${t.codFeePaise}`,
    ),
    check('orders_payment_method_check', sql`${t.paymentMethod} in (${inList(PAYMENT_METHODS)})`),
    // An online order has its payment and an order paid wholly with store credit none; only cash
    // on delivery waits for confirmation or has a fee; the prepaid saving is
    // part of the discount and never cash on delivery's.
    check(
      'orders_payment_check',
      sql`(${t.paymentMethod} = 'cod' or ((${t.paymentId} is not null) = (${t.paymentMethod} = 'online') and ${t.codFeePaise} = 0 and ${t.status} <> 'awaiting_confirmation')) and (${t.paymentMethod} <> 'cod' or ${t.prepaidDiscountPaise} = 0) and ${t.prepaidDiscountPaise} between 0 and ${t.discountPaise} and ${t.codFeePaise} >= 0`,
    ),
    // Store credit pays all of a store_credit order and part (never all) of any other.
    check(
      'orders_credit_check',
      sql`${t.creditPaise} between 0 and ${t.totalPaise} and (${t.paymentMethod} = 'store_credit') = (${t.creditPaise} > 0 and ${t.creditPaise} = ${t.totalPaise})`,
    ),
    check(
      'orders_cash_check',
      sql`(${t.cashReceivedAt} is null) = (${t.cashReference} is null) and (${t.cashReceivedAt} is null) = (${t.cashRemittedOn} is null) and (${t.cashReceivedAt} is null or ${t.paymentMethod} = 'cod')`,
    ),
    // "Your Orders": one user's orders, newest first.
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    // Track Order: the orders placed with one email.
    index('orders_email_idx').on(t.email),
    // The dashboard's periods and the orders list's date range.
    index('orders_created_idx').on(t.createdAt),
    // The invoices still to issue, oldest first (invoices/issue.ts `issueDueInvoices`): a handful at most.
    index('orders_invoice_due_idx')
      .on(t.createdAt)
      .where(sql`${t.invoiceDue}`),
    // Staff's filters by status (a rare one, such as delivery failed, among many), newest first.
    index('orders_status_created_idx').on(t.status, t.createdAt),
    // Staff's search by the delivery address's phone.
    index('orders_phone_idx').on(sql`(${t.addressJson} ->> 'phone')`),
    // The job that cancels cash on delivery orders nobody confirmed, oldest first.
    index('orders_awaiting_confirmation_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'awaiting_confirmation'`),
    // Staff's list of cash on delivery orders whose cash has not come in.
    index('orders_cash_due_idx')
      .on(t.createdAt)
      .where(sql`${t.paymentMethod} = 'cod' and ${t.cashReceivedAt} is null`),
  ],
);

/**
 * A parcel of an order handed to a courier: who carries it, its air waybill number (AWB), where it
 * is tracked, and when it left and arrived (orders/status.ts writes it with the shipped and
 * delivered moves).
 */
export const shipments = pgTable(
  'shipments',
  {
    id: generatedId(),
    orderId: partOfOrderId(),
    courier: text('courier').notNull(),
    awb: text('awb').notNull(),
    trackingUrl: text('tracking_url').notNull(),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The exchange this parcel carries the new size for; null for the order's own parcel. */
    returnRequestId: uuid('return_request_id')
      .unique()
      .references((): AnyPgColumn => returnRequests.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index('shipments_order_idx').on(t.orderId, t.shippedAt),
    // Staff's search by AWB.
    index('shipments_awb_idx').on(t.awb),
  ],
);

/**
 * A shopper's request to return or exchange units of one line of a delivered order (ADR 0025).
 * An exchange holds its new size in product_stock from the moment it is asked for; the unit goes
 * back if the request is rejected or expires (orders/returns.ts). `expiresAt` is when a request
 * still waiting for a decision or a pickup lapses.
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: generatedId(),
    orderId: partOfOrderId(),
    kind: text('kind', { enum: RETURN_KINDS }).notNull(),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    /** The order line, as bought: its product and size. */
    productId: integer('product_id').notNull(),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull(),
    /** The size an exchange sends instead, held in stock since the request. */
    exchangeSize: text('exchange_size'),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    /** File names of the shopper's photos in the image storage (private: served to the shopper and staff only). */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    /** What staff told the shopper when approving or rejecting. */
    staffMessage: text('staff_message'),
    /** What a return gives back: the paid share of its units (the same split as the tax invoice). */
    refundPaise: integer('refund_paise'),
    /** Whether the units picked up went back on sale. */
    restocked: boolean('restocked').notNull().default(false),
    /**
     * Where a return's refund goes, as the shopper chose it (ADR 0051); null for an exchange. With
     * store credit, the bonus in per cent offered then; with a payout, a UPI ID or a bank account
     * (its holder, number and IFSC), and nothing else.
     */
    refundDestination: text('refund_destination', { enum: REFUND_DESTINATIONS }),
    creditBonusPercent: integer('credit_bonus_percent'),
    payoutUpiId: text('payout_upi_id'),
    payoutAccountHolder: text('payout_account_holder'),
    payoutAccountNumber: text('payout_account_number'),
    payoutIfsc: text('payout_ifsc'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    check('return_requests_kind_check', sql`${t.kind} in (${inList(RETURN_KINDS)})`),
    check('return_requests_status_check', sql`${t.status} in (${inList(RETURN_STATUSES)})`),
    check('return_requests_reason_check', sql`${t.reason} in (${inList(RETURN_REASON_VALUES)})`),
    check('return_requests_quantity_check', sql`${t.quantity} > 0`),
    check('return_requests_size_check', sql`${t.size} in (${inList(SIZES)})`),
    check(
      'return_requests_exchange_size_check',
      sql`(${t.kind} = 'exchange') = (${t.exchangeSize} is not null) and (${t.exchangeSize} is null or (${t.exchangeSize} in (${inList(SIZES)}) and ${t.exchangeSize} <> ${t.size}))`,
    ),
    check('return_requests_refund_check', sql`${t.refundPaise} is null or ${t.refundPaise} >= 0`),
    check(
      'return_requests_refund_destination_check',
      sql`(${t.kind} = 'return') = (${t.refundDestination} is not null) and (${t.refundDestination} is null or ${t.refundDestination} in (${inList(REFUND_DESTINATIONS)}))`,
    ),
    check(
      'return_requests_credit_bonus_check',
      sql`(${t.refundDestination} is not distinct from 'store_credit') = (${t.creditBonusPercent} is not null) and (${t.creditBonusPercent} is null or ${t.creditBonusPercent} between 0 and 100)`,
    ),
    // A payout names a UPI ID or a whole bank account, never both; any other refund names neither.
    check(
      'return_requests_payout_check',
      sql`case when ${t.refundDestination} is not distinct from 'payout' then (${t.payoutUpiId} is not null and ${t.payoutAccountHolder} is null and ${t.payoutAccountNumber} is null and ${t.payoutIfsc} is null) or (${t.payoutUpiId} is null and ${t.payoutAccountHolder} is not null and ${t.payoutAccountNumber} is not null and ${t.payoutAccountNumber} ~ '^[0-9]{9,18}$' and ${t.payoutIfsc} is not null and ${t.payoutIfsc} ~ '^[A-Z]{4}0[A-Z0-9]{6}$') else ${t.payoutUpiId} is null and ${t.payoutAccountHolder} is null and ${t.payoutAccountNumber} is null and ${t.payoutIfsc} is null end`,
    ),
    // What a refund's destination refers to (refunds_return_destination_fk).
    unique('return_requests_id_destination_key').on(t.id, t.refundDestination),
    index('return_requests_order_idx').on(t.orderId, t.createdAt),
    // The staff queue by status, and the expiry job by deadline.
    index('return_requests_status_idx').on(t.status, t.expiresAt),
  ],
);
export type ReturnRequest = typeof returnRequests.$inferSelect;

/** One line of a tax invoice or credit note (ADR 0024): amounts in paise, rounded once per line. */
export interface TaxLine {
  description: string;
  hsn: string;
  size: string;
  quantity: number;
  /** What the buyer paid for the line, after its share of any discount, tax included. */
  amountPaise: number;
  taxablePaise: number;
  /** The GST rate, in per cent, of the line's price band. */
  ratePercent: number;
  cgstPaise: number;
  /** SGST, or UTGST when the document's `stateTax` says so. */
  sgstPaise: number;
  igstPaise: number;
  /** The cash on delivery fee's line, after the items' lines (ADR 0049); absent on an item's line. */
  codFee?: true;
}

export type StateTax = 'SGST' | 'UTGST';

/** A tax invoice or credit note as issued: kept whole, so it reads the same whatever changes later. */
export interface TaxDocumentBody {
  orderNumber: string;
  seller: { legalName: string; address: string; gstin: string; state: string };
  buyer: { name: string; address: string; state: string };
  /** The state of delivery; CGST + SGST (or UTGST) when it is the seller's, IGST otherwise. */
  placeOfSupply: string;
  intraState: boolean;
  /**
   * The tax charged with CGST within the seller's state: UTGST in a Union Territory without a
   * legislature, SGST elsewhere (ADR 0038). Documents issued before it was recorded are SGST.
   */
  stateTax?: StateTax;
  lines: TaxLine[];
  totals: { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; totalPaise: number };
  /** A credit note's reason, such as 'Order cancelled by the customer'. */
  reason?: string;
  /**
   * How the order is paid: online through Razorpay, cash on delivery (ADR 0049) or wholly with
   * store credit. Documents issued before it was recorded are of orders paid online.
   */
  paymentMethod?: PaymentMethod;
  /** The part of an invoice's total paid with store credit: a means of payment, not a discount (ADR 0050). */
  creditPaise?: number;
}

export const TAX_DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;

/**
 * The last number given in each series of tax documents per financial year (April to March):
 * taken under its row lock in the transaction that issues the document, so the numbers have no
 * gaps (a transaction that rolls back gives its number back).
 */
export const documentSequences = pgTable(
  'document_sequences',
  {
    series: text('series', { enum: TAX_DOCUMENT_KINDS }).notNull(),
    /** Such as `2026-27`. */
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'document_sequences_pkey', columns: [t.series, t.financialYear] }),
    check('document_sequences_last_number_check', sql`${t.lastNumber} >= 0`),
  ],
);

/** Tax invoices (one per paid order) and credit notes (one per refund) as issued (ADR 0024). */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: generatedId(),
    kind: text('kind', { enum: TAX_DOCUMENT_KINDS }).notNull(),
    /** Such as `TTT/2026-27/000123`, or `TTT/CN/2026-27/000004` for a credit note. */
    number: text('number').notNull().unique(),
    orderId: partOfOrderId(),
    /** The invoice a credit note is against. */
    invoiceId: uuid('invoice_id').references((): AnyPgColumn => taxDocuments.id, { onDelete: 'restrict' }),
    /** The refund a credit note records. */
    refundId: uuid('refund_id')
      .unique()
      .references(() => refunds.id, { onDelete: 'restrict' }),
    totalPaise: integer('total_paise').notNull(),
    body: jsonb('body').$type<TaxDocumentBody>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tax_documents_kind_check', sql`${t.kind} in (${inList(TAX_DOCUMENT_KINDS)})`),
    check('tax_documents_credit_note_check', sql`(${t.kind} = 'credit_note') = (${t.invoiceId} is not null)`),
    check('tax_documents_total_check', sql`${t.totalPaise} >= 0`),
    uniqueIndex('tax_documents_one_invoice_per_order')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    index('tax_documents_order_idx').on(t.orderId, t.issuedAt),
    // The GST return's month of documents.
    index('tax_documents_issued_idx').on(t.issuedAt),
  ],
);
export type TaxDocument = typeof taxDocuments.$inferSelect;

export type Shipment = typeof shipments.$inferSelect;

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A parcel booked with a courier provider (docs/decisions/0053): the order's own (forward), or
 * the pickup of a return or exchange (reverse). Its state is written before and after every call
 * to the provider, so a call that timed out is looked up by `reference` and never sent twice; at
 * most one live forward parcel per order and one live pickup per request. When the courier picks
 * a forward parcel up, the order is shipped with a row in `shipments` (the parcel everybody sees).
 */
export const courierShipments = pgTable(
  'courier_shipments',
  {
    id: generatedId(),
    orderId: partOfOrderId(),
    /** The return or exchange a reverse pickup brings back; null for a forward parcel. */
    returnRequestId: uuid('return_request_id').references((): AnyPgColumn => returnRequests.id, {
      onDelete: 'restrict',
    }),
    direction: text('direction', { enum: COURIER_DIRECTIONS }).notNull().default('forward'),
    /** Which provider holds it, by its name ('Shiprocket'). */
    provider: text('provider').notNull(),
    /** The store's reference at the provider (the order number, for a forward parcel): looked up after a timeout. */
    reference: text('reference').notNull().unique(),
    state: text('state', { enum: COURIER_STATES }).notNull().default('creating'),
    providerOrderId: text('provider_order_id'),
    providerShipmentId: text('provider_shipment_id'),
    courier: text('courier'),
    awb: text('awb').unique(),
    /** The day the courier is booked to collect it (India's calendar). */
    pickupOn: date('pickup_on', { mode: 'string' }),
    /** The print run (labels and manifest) it was in. */
    batchId: uuid('batch_id').references((): AnyPgColumn => shippingBatches.id, { onDelete: 'restrict' }),
    /** Why the last call to the provider failed, shown on the order's page until one succeeds. */
    lastError: text('last_error'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('courier_shipments_state_check', sql`${t.state} in (${inList(COURIER_STATES)})`),
    check('courier_shipments_direction_check', sql`${t.direction} in (${inList(COURIER_DIRECTIONS)})`),
    check(
      'courier_shipments_direction_request_check',
      sql`(${t.direction} = 'reverse') = (${t.returnRequestId} is not null)`,
    ),
    uniqueIndex('courier_shipments_live_forward_key')
      .on(t.orderId)
      .where(sql`${t.direction} = 'forward' and ${t.state} <> 'cancelled'`),
    uniqueIndex('courier_shipments_live_reverse_key')
      .on(t.returnRequestId)
      .where(sql`${t.direction} = 'reverse' and ${t.state} <> 'cancelled'`),
    // The retry job's unfinished bookings, and each order's parcels.
    index('courier_shipments_state_idx').on(t.state, t.updatedAt),
    index('courier_shipments_order_idx').on(t.orderId),
  ],
);
export type CourierShipment = typeof courierShipments.$inferSelect;

/**
 * A tracking scan as the courier reported it: its place and time, and the state it puts the parcel
 * in. A repeated event (the same parcel, status and moment) is kept once.
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: generatedId(),
    courierShipmentId: partOfCourierShipmentId(),
    state: text('state', { enum: TRACKING_STATES }).notNull(),
    /** The provider's own status text ('IN TRANSIT', 'UNDELIVERED'). */
    providerStatus: text('provider_status').notNull(),
    /** What happened, in the courier's words ('Shipment picked up'). */
    activity: text('activity').notNull().default(''),
    location: text('location').notNull().default(''),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tracking_events_state_check', sql`${t.state} in (${inList(TRACKING_STATES)})`),
    uniqueIndex('tracking_events_scan_key').on(t.courierShipmentId, t.occurredAt, t.providerStatus),
  ],
);
export type TrackingEvent = typeof trackingEvents.$inferSelect;

/**
 * A failed delivery attempt (NDR): the courier's reason, what the shopper asked (another attempt on
 * a day, a corrected phone number or address line), and when staff sent that to the courier.
 */
export const deliveryFailures = pgTable(
  'delivery_failures',
  {
    id: generatedId(),
    courierShipmentId: partOfCourierShipmentId(),
    reason: text('reason').notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
    action: text('action', { enum: NDR_ACTIONS }),
    reattemptOn: date('reattempt_on', { mode: 'string' }),
    phone: text('phone'),
    addressLine: text('address_line'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentBy: text('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('delivery_failures_action_check', sql`${t.action} is null or ${t.action} in (${inList(NDR_ACTIONS)})`),
    uniqueIndex('delivery_failures_attempt_key').on(t.courierShipmentId, t.reportedAt),
    // The staff queue: failures not yet sent on to the courier.
    index('delivery_failures_open_idx')
      .on(t.reportedAt)
      .where(sql`${t.sentAt} is null`),
  ],
);
export type DeliveryFailure = typeof deliveryFailures.$inferSelect;

/** One press of 'Ready to ship': the parcels it booked, and the one PDF of their labels and manifest. */
export const shippingBatches = pgTable('shipping_batches', {
  id: generatedId(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  /** The labels, then the manifest; null until every parcel of the batch has its label. */
  pdf: bytea('pdf'),
  createdAt: createdAt(),
});
export type ShippingBatch = typeof shippingBatches.$inferSelect;

/**
 * The delivery zones staff keep (docs/decisions/0053): pincode prefixes and what a parcel there is
 * promised. Empty, the built-in table (shipping/zones.ts) applies; the longest matching prefix wins.
 */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    /** Pincode prefixes (1 to 6 digits); an empty list is the rest of India. */
    prefixes: jsonb('prefixes').$type<string[]>().notNull(),
    standardDays: integer('standard_days').notNull(),
    /** Null: no express delivery there. */
    expressDays: integer('express_days'),
    cod: boolean('cod').notNull().default(true),
    serviceable: boolean('serviceable').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'delivery_zones_days_check',
      sql`${t.standardDays} between 1 and 30 and (${t.expressDays} is null or ${t.expressDays} between 1 and ${t.standardDays})`,
    ),
  ],
);
export type DeliveryZoneRow = typeof deliveryZones.$inferSelect;

/**
 * The courier's last answer for a delivery pincode (serviceability, days, cash on delivery): used
 * for a day, and after that still when the provider is slow or down.
 */
export const courierQuotes = pgTable('courier_quotes', {
  pincode: text('pincode').primaryKey(),
  serviceable: boolean('serviceable').notNull(),
  cod: boolean('cod').notNull(),
  standardDays: integer('standard_days'),
  expressDays: integer('express_days'),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
});
export type CourierQuote = typeof courierQuotes.$inferSelect;

export type User = typeof users.$inferSelect;
export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type CartItem = typeof cartItems.$inferSelect;
export type Address = typeof addresses.$inferSelect;
export type Profile = typeof profiles.$inferSelect;
export type Order = typeof orders.$inferSelect;

/**
 * An order email the store gave up on (jobs/, ADR 0022): every attempt failed, so staff see it on
 * the admin's order page and can tell the customer another way. Written once, by the last attempt.
 */
export const orderEmailFailures = pgTable(
  'order_email_failures',
  {
    id: generatedId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    lastError: text('last_error').notNull(),
    attempts: integer('attempts').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_email_failures_order_idx').on(t.orderId, t.failedAt)],
);
export type Coupon = typeof coupons.$inferSelect;
export type Drop = typeof drops.$inferSelect;
export type Checkout = typeof checkouts.$inferSelect;
export type NewCoupon = typeof coupons.$inferInsert;

/**
 * Every admin change (docs/product.md §2 "Admin products"; ADR 0014): who made it, what it touched,
 * when, and the record before and after. Written in the same transaction as the change itself.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: generatedId(),
    // The entry outlives the account; the email is kept as it was.
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** What was done, such as `product.update` or `order.status`. */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** One line for the list, such as "Price ₹599.00 → ₹1,299.00". */
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc()),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt.desc()),
  ],
);
export type AuditEntry = typeof auditLog.$inferSelect;

/** Facts about this database itself, such as when the demo catalog was seeded. */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * A size's measurements (ADR 0030), in millimetres: a category's chart, or a product's own
 * where it differs (a product row wins over its category's for that size).
 */
export const sizeMeasurements = pgTable(
  'size_measurements',
  {
    id: serial('id').primaryKey(),
    category: text('category'),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    chestMm: integer('chest_mm').notNull(),
    lengthMm: integer('length_mm').notNull(),
    shoulderMm: integer('shoulder_mm').notNull(),
    sleeveMm: integer('sleeve_mm').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('size_measurements_owner_check', sql`(${t.category} is null) <> (${t.productId} is null)`),
    check(
      'size_measurements_category_check',
      sql`${t.category} is null or ${t.category} in (${inList(CATEGORY_SLUGS)})`,
    ),
    check('size_measurements_size_check', sql`${t.size} in (${inList(SIZES)})`),
    check(
      'size_measurements_values_check',
      sql`${t.chestMm} between 1 and 3000 and ${t.lengthMm} between 1 and 3000 and ${t.shoulderMm} between 1 and 3000 and ${t.sleeveMm} between 1 and 3000`,
    ),
    uniqueIndex('size_measurements_category_size_key')
      .on(t.category, t.size)
      .where(sql`${t.category} is not null`),
    uniqueIndex('size_measurements_product_size_key')
      .on(t.productId, t.size)
      .where(sql`${t.productId} is not null`),
  ],
);
export type SizeMeasurement = typeof sizeMeasurements.$inferSelect;

/** India Post's pincodes in use (ADR 0026): each one's district and state, loaded from a registry package. */
export const pincodes = pgTable('pincodes', {
  pincode: text('pincode').primaryKey(),
  district: text('district').notNull(),
  state: text('state').notNull(),
});

/**
 * A buyer's rating and review of a product (ADR 0031): only after an order with it was
 * delivered, once per product; staff may hide one, with a reason.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: generatedId(),
    productId: ownerProductId(),
    userId: ownerUserId(),
    /** The delivered order that makes the reviewer a buyer. */
    orderId: partOfOrderId(),
    /** The size bought, shown as 'Size bought: M'. */
    size: text('size').notNull(),
    rating: integer('rating').notNull(),
    body: text('body').notNull(),
    /** File names of the reviewer's photos in the image storage. */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_size_check', sql`${t.size} in (${inList(SIZES)})`),
    check('reviews_hidden_check', sql`(${t.hiddenAt} is null) = (${t.hiddenReason} is null)`),
    unique('reviews_user_product_key').on(t.userId, t.productId),
    // The product page lists a product's shown reviews, newest first, and averages them.
    index('reviews_product_created_idx')
      .on(t.productId, t.createdAt.desc())
      .where(sql`${t.hiddenAt} is null`),
  ],
);
export type Review = typeof reviews.$inferSelect;

export const ENQUIRY_KINDS = ['contact', 'bulk'] as const;
export const ENQUIRY_STATUSES = ['new', 'replied', 'closed'] as const;

/**
 * A message from /contact or a bulk order request from /bulk-orders (ADR 0028): who sent it,
 * its reference number, what it asks (`details`, by kind), and staff's status and notes.
 */
export const enquiries = pgTable(
  'enquiries',
  {
    id: generatedId(),
    kind: text('kind', { enum: ENQUIRY_KINDS }).notNull(),
    /** The number the sender quotes, such as `C-7K3M9Q` or `B-2XW8RT`. */
    reference: text('reference').notNull().unique(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ENQUIRY_STATUSES }).notNull().default('new'),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('enquiries_kind_check', sql`${t.kind} in (${inList(ENQUIRY_KINDS)})`),
    check('enquiries_status_check', sql`${t.status} in (${inList(ENQUIRY_STATUSES)})`),
    // The admin's inbox: newest first, by kind and status.
    index('enquiries_inbox_idx').on(t.kind, t.status, t.createdAt.desc()),
  ],
);
export type Enquiry = typeof enquiries.$inferSelect;

/**
 * Store credit as a ledger (ADR 0048): every move of a shopper's credit is one entry, never changed
 * or deleted (a trigger refuses it). Credits are above zero, debits below. A trigger adds each entry
 * to the shopper's row of store_credit_balances in the inserting statement, and that row's check
 * (never below zero) refuses an entry that would overdraw, whatever code path inserts it.
 */
export const storeCreditEntries = pgTable(
  'store_credit_entries',
  {
    id: generatedId(),
    userId: buyerUserId(),
    amountPaise: integer('amount_paise').notNull(),
    kind: text('kind', { enum: STORE_CREDIT_KINDS }).notNull(),
    /** What the shopper's history says, such as 'Refund for order #3F2A9C1D' or staff's words. */
    reason: text('reason').notNull(),
    /** What the entry is about, when it is about an order, a return or a checkout. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    returnRequestId: uuid('return_request_id').references(() => returnRequests.id, { onDelete: 'restrict' }),
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'restrict' }),
    /** The staff member who wrote it; null when the store itself did (a refund, an expiry). */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'restrict' }),
    /** When a credit lapses (STORE_CREDIT_EXPIRY_DAYS); null for no expiry and for every debit. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('store_credit_entries_kind_check', sql`${t.kind} in (${inList(STORE_CREDIT_KINDS)})`),
    check(
      'store_credit_entries_amount_check',
      sql`${t.amountPaise} <> 0 and (${t.kind} in (${inList(STORE_CREDIT_CREDITS)})) = (${t.amountPaise} > 0)`,
    ),
    check(
      'store_credit_entries_reason_check',
      sql`char_length(${t.reason}) between 1 and ${sql.raw(String(STORE_CREDIT_REASON_MAX))}`,
    ),
    check('store_credit_entries_expiry_check', sql`${t.expiresAt} is null or ${t.amountPaise} > 0`),
    // A shopper's history, newest first.
    index('store_credit_entries_user_created_idx').on(t.userId, t.createdAt.desc()),
    // The expiry job and its reminders look for credits by when they lapse.
    index('store_credit_entries_expiring_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null`),
  ],
);
export type StoreCreditEntry = typeof storeCreditEntries.$inferSelect;

/**
 * Each shopper's store credit now: the sum of their entries, kept by the entries' insert trigger
 * alone (another trigger refuses any other write). Locked by whoever takes credit, in THE LOCK
 * ORDER of checkout/workflow.ts (after the refund row, before cart lines).
 */
export const storeCreditBalances = pgTable(
  'store_credit_balances',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'restrict' }),
    balancePaise: integer('balance_paise').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('store_credit_balances_balance_check', sql`${t.balancePaise} >= 0`)],
);

/**
 * The reminders sent before a credit expires, one per entry at most: the entries are append-only,
 * so whether one was reminded of is kept here, written with the reminder's job.
 */
export const storeCreditReminders = pgTable(
  'store_credit_reminders',
  {
    entryId: uuid('entry_id')
      .primaryKey()
      .references(() => storeCreditEntries.id, { onDelete: 'restrict' }),
    /** What was going to expire when the reminder was queued. */
    amountPaise: integer('amount_paise').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('store_credit_reminders_amount_check', sql`${t.amountPaise} > 0`)],
);

/**
 * Every change to a size's units (product_stock), written in the same transaction as the change
 * by inventory/stock.ts: staff's adjustments with their reason, and the store's own moves (holds,
 * releases, cancellations, returns, exchanges, product edits, uploads). Read as the size's
 * history, newest first; `quantityAfter` is the count the change left.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: ownerProductId(),
    size: text('size').notNull(),
    kind: text('kind', { enum: STOCK_MOVEMENT_KINDS }).notNull(),
    change: integer('change').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    /** Staff's note with an adjustment. */
    note: text('note'),
    /** The checkout a hold or release belongs to; its order, when it has one, is the sale. */
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    /** The order a cancellation, return or exchange belongs to. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Who adjusted it by hand, as they were then. */
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    createdAt: createdAt(),
  },
  (t) => [
    check('stock_movements_kind_check', sql`${t.kind} in (${inList(STOCK_MOVEMENT_KINDS)})`),
    check('stock_movements_quantity_after_check', sql`${t.quantityAfter} >= 0`),
    check('stock_movements_note_check', sql`char_length(${t.note}) <= ${sql.raw(String(STOCK_NOTE_MAX))}`),
    // A size's history, newest first.
    index('stock_movements_size_idx').on(t.productId, t.size, t.createdAt.desc()),
    // The foreign keys' ON DELETE SET NULL (purged checkouts) and a sale's order find their rows.
    index('stock_movements_checkout_idx')
      .on(t.checkoutId)
      .where(sql`${t.checkoutId} is not null`),
    index('stock_movements_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
  ],
);
export type StockMovement = typeof stockMovements.$inferSelect;

/** Notes staff leave on a customer's page: who wrote what, when. They go with the account. */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorEmail: text('author_email').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('customer_notes_body_check', sql`char_length(${t.body}) between 1 and ${sql.raw(String(CUSTOMER_NOTE_MAX))}`),
    index('customer_notes_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * 'Notify me' (docs/drops.md): an address waiting to hear that a drop is live, or that a sold-out
 * size of a product is back. One row per address and drop, or address, product and size. A
 * visitor's address waits once confirmed by its emailed link; a signed-in shopper's (their
 * account's) at once. The store emails each confirmed row once, and marks it notified in the
 * transaction that queues that email; a sign-up again after that waits again.
 */
export const notifyRequests = pgTable(
  'notify_requests',
  {
    id: generatedId(),
    /** Lower case, so an address is one row whatever its spelling. */
    email: text('email').notNull(),
    dropId: integer('drop_id').references(() => drops.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    size: text('size'),
    /** The signed-in shopper who asked, with their account's address; null for a visitor. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** When the address was confirmed (its link, or a signed-in shopper's request); null until then. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** When its email was queued; null while it waits. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    /** The SHA-256 of the token in its confirm and unsubscribe links (the token itself is only mailed). */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('notify_requests_email_check', sql`${t.email} = lower(${t.email}) and length(${t.email}) between 3 and 254`),
    // Exactly one target: a drop, or a product and one of its sizes.
    check(
      'notify_requests_target_check',
      sql`(${t.dropId} is not null and ${t.productId} is null and ${t.size} is null) or (${t.dropId} is null and ${t.productId} is not null and ${t.size} is not null)`,
    ),
    check('notify_requests_size_check', sql`${t.size} is null or ${t.size} in (${inList(SIZES)})`),
    uniqueIndex('notify_requests_email_drop_key')
      .on(t.email, t.dropId)
      .where(sql`${t.dropId} is not null`),
    uniqueIndex('notify_requests_email_size_key')
      .on(t.email, t.productId, t.size)
      .where(sql`${t.productId} is not null`),
    uniqueIndex('notify_requests_token_hash_key').on(t.tokenHash),
    // Staff's counts per drop and per size; the foreign keys' cascades; an account's erasure.
    index('notify_requests_drop_idx')
      .on(t.dropId)
      .where(sql`${t.dropId} is not null`),
    index('notify_requests_product_size_idx')
      .on(t.productId, t.size)
      .where(sql`${t.productId} is not null`),
    index('notify_requests_user_idx')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    // The sending job's scan: confirmed rows still waiting, first asked first.
    index('notify_requests_waiting_idx')
      .on(t.createdAt)
      .where(sql`${t.confirmedAt} is not null and ${t.notifiedAt} is null`),
  ],
);
export type NotifyRequest = typeof notifyRequests.$inferSelect;
