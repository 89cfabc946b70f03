// Contact messages and bulk order requests (ADR 0028). Anyone may send one: it is
// checked whole (a refusal stores nothing and mails nothing), counted against the client's hourly
// limit, stored with a reference number, and its two emails (the store's copy, the sender's
// confirmation) are queued in the same transaction. Staff read them in the admin's inbox, set their
// status and keep notes, each change in the audit log.
import { and, count, eq, isNull, type SQL } from 'drizzle-orm';
import { z } from 'zod';

import { CATEGORY_SLUGS, SIZES, type Size } from '../../common/catalog.ts';
import { CUSTOMISATION_VALUES, ENQUIRY_LIMITS, ENQUIRY_STATUS_LABELS } from '../../common/enquiries.ts';
import { isUuid } from '../../common/ids.ts';
import { email, FIX_ERRORS_MESSAGE, hasControlCharacters, phone } from '../../common/validation.ts';
import { recordAudit, type Actor } from '../shared/audit.ts';
import type { ImageDeps } from '../storage/product-images.ts';
import type { UploadedFile } from '../storage/uploads.ts';
import { consumeRateLimit, tooManyAttempts, type RateRule } from '../shared/rate-limit.ts';
import { isUniqueViolation } from '../shared/unique-violation.ts';
import type { Database } from '../db/client.ts';
import { ENQUIRY_STATUSES, enquiries, users, type Enquiry } from '../db/schema.ts';
import { failure, FailureError, refusalsAsFailures, type Failure, type Result } from '../errors.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { indiaDate } from '../orders/shipping.ts';
import { prepareLogo, storeLogo, type Logo } from './logo.ts';
import { newReference } from './reference.ts';
import { newestFirst } from '../shared/newest-first.ts';

export const ENQUIRY_MESSAGES = {
  notFound: 'Enquiry not found',
  logoNotSaved: 'The logo could not be saved just now, so the request was not sent. Please try again.',
  status: 'Choose New, Replied or Closed.',
  notes: `Notes can be at most ${ENQUIRY_LIMITS.staffNotes} characters.`,
  updated: (status: string) => `Saved. The enquiry is ${status.toLowerCase()}.`,
} as const;

/** What the enquiry services need from the app. */
export interface EnquiryDeps {
  db: Database;
  jobs: Pick<JobQueue, 'send'>;
  /** The client's limit of enquiries (RATE_LIMIT_ENQUIRIES_PER_IP_PER_HOUR). */
  limit: RateRule;
  /** The fewest pieces a bulk order may ask for (BULK_ORDER_MIN_QUANTITY). */
  bulkMinQuantity: number;
  images: Pick<ImageDeps, 'config'>;
}

/** Who sent the form: the client's address, and the signed-in shopper's id when there is one. */
export interface EnquiryClient {
  ip: string;
  userId?: string | undefined;
}

/** A form's fields as the browser sent them: every value of each name (checkboxes send several). */
export type FormFields = ReadonlyMap<string, readonly string[]>;

/** What a contact message holds besides its sender. */
export interface ContactDetails {
  orderNumber: string | null;
  message: string;
}

/** What a bulk order request holds besides its contact person. */
export interface BulkDetails {
  organisation: string;
  categories: string[];
  productsNote: string;
  quantity: number;
  /** Pieces per size, when the requester split them (they add up to `quantity`); else empty. */
  sizes: Partial<Record<Size, number>>;
  customisation: string[];
  customisationNote: string;
  /** The day it is needed by, `YYYY-MM-DD`. */
  neededBy: string;
  budget: string;
  /** The stored logo's file name (`bulk-….webp`), seen by staff only; null without one. */
  logo: string | null;
}

/** Text a person types: trimmed, bounded, no control characters (line breaks only where `multiline`). */
function typed(label: string, max: number, { required = false, multiline = false } = {}) {
  const text = z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((value) => !hasControlCharacters(value, { multiline }), `${label} must not contain control characters.`);
  return required ? text.refine((value) => value !== '', `${label} is required.`) : text;
}

const person = {
  name: typed('Name', ENQUIRY_LIMITS.name, { required: true }),
  email,
  phone,
};

const ContactSchema = z.object({
  ...person,
  // Optional; when given, the 8 letters and digits of Your Orders and the emails (a # is allowed).
  orderNumber: z
    .string()
    .trim()
    .transform((value) => value.replace(/^#/, '').toUpperCase())
    .refine(
      (value) => value === '' || /^[0-9A-F]{8}$/.test(value),
      'Order number must be the 8 letters and digits shown on Your Orders, or left empty.',
    ),
  message: typed('Message', ENQUIRY_LIMITS.message, { required: true, multiline: true }),
});

const quantityMessage = (min: number) => `Enter how many pieces you need: at least ${min}.`;
const sizeQuantity = z
  .string()
  .trim()
  .refine((value) => value === '' || /^\d{1,6}$/.test(value), 'Enter a whole number of pieces.')
  .transform((value) => (value === '' ? 0 : Number(value)));

function bulkSchema(minQuantity: number, today: string) {
  return z
    .object({
      organisation: typed('Organisation', ENQUIRY_LIMITS.organisation, { required: true }),
      ...person,
      categories: z.array(z.enum(CATEGORY_SLUGS, { error: 'Choose among the categories shown.' })),
      productsNote: typed('Products', ENQUIRY_LIMITS.productsNote, { multiline: true }),
      quantity: z
        .string()
        .trim()
        .regex(/^\d{1,9}$/, quantityMessage(minQuantity))
        .transform(Number)
        .pipe(
          z
            .number()
            .min(minQuantity, `Bulk orders start at ${minQuantity} pieces.`)
            .max(ENQUIRY_LIMITS.quantity, `For more than ${ENQUIRY_LIMITS.quantity} pieces, please write to us.`),
        ),
      sizes: z.object(
        Object.fromEntries(SIZES.map((size) => [size, sizeQuantity])) as Record<Size, typeof sizeQuantity>,
      ),
      customisation: z.array(z.enum(CUSTOMISATION_VALUES, { error: 'Choose among the customisations shown.' })),
      customisationNote: typed('Customisation details', ENQUIRY_LIMITS.customisationNote, { multiline: true }),
      neededBy: z
        .string()
        .trim()
        .refine(isCalendarDay, 'Enter the date you need the order by.')
        .refine((day) => !isCalendarDay(day) || day >= today, 'The date must be today or later.'),
      budget: typed('Budget', ENQUIRY_LIMITS.budget),
    })
    .superRefine((input, context) => {
      if (input.categories.length === 0 && input.productsNote === '') {
        context.addIssue({
          code: 'custom',
          path: ['categories'],
          message: 'Choose the categories you want, or describe the products.',
        });
      }
      // The split is optional; given, it is the whole order, so nothing is left to guess. (Zod runs
      // this check even when a field failed: then there is nothing to compare.)
      const pieces = [input.quantity, ...Object.values(input.sizes)];
      if (!pieces.every((value) => Number.isInteger(value))) return;
      const split = Object.values(input.sizes).reduce((sum, value) => sum + value, 0);
      if (split > 0 && split !== input.quantity) {
        context.addIssue({
          code: 'custom',
          path: ['sizes'],
          message: `The sizes add up to ${split} pieces: make them add up to ${input.quantity}, or leave them all empty.`,
        });
      }
    });
}

/** `YYYY-MM-DD` naming a day that exists (no 31 June). */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

const first = (form: FormFields, name: string) => form.get(name)?.[0] ?? '';

/** The refusal of a form with wrong fields: the spec's message, and each field's first problem. */
function invalidFields(error: z.ZodError): Failure {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    fieldErrors[field] ??= issue.message;
  }
  return failure('invalid', FIX_ERRORS_MESSAGE, { fieldErrors });
}

/**
 * A form's fields, if they are right and the sender is within the one limit both forms share; a
 * form with wrong fields takes nothing of the limit.
 */
async function withinEnquiryLimit<T>(
  deps: EnquiryDeps,
  client: EnquiryClient,
  parsed: z.ZodSafeParseResult<T>,
  now: Date,
): Promise<Result<{ fields: T }>> {
  if (!parsed.success) return invalidFields(parsed.error);
  const limited = await consumeRateLimit(deps.db, `enquiry:ip:${client.ip}`, deps.limit, now);
  if (!limited.allowed) return tooManyAttempts(limited);
  return { ok: true, fields: parsed.data };
}

/** A message from /contact; its reference number on success. */
export async function sendContactMessage(
  deps: EnquiryDeps,
  form: FormFields,
  client: EnquiryClient,
  now = new Date(),
): Promise<Result<{ reference: string }>> {
  const parsed = ContactSchema.safeParse({
    name: first(form, 'name'),
    email: first(form, 'email'),
    phone: first(form, 'phone'),
    orderNumber: first(form, 'orderNumber'),
    message: first(form, 'message'),
  });
  const checked = await withinEnquiryLimit(deps, client, parsed, now);
  if (!checked.ok) return checked;
  const { name, email: from, phone: number, orderNumber, message } = checked.fields;
  const details: ContactDetails = { orderNumber: orderNumber || null, message };
  return storeEnquiry(deps, client, { kind: 'contact', name, email: from, phone: number, details }, undefined);
}

/** A request from /bulk-orders, with its optional logo; its reference number on success. */
export async function sendBulkRequest(
  deps: EnquiryDeps,
  form: FormFields,
  logoFiles: readonly UploadedFile[],
  client: EnquiryClient,
  now = new Date(),
): Promise<Result<{ reference: string }>> {
  const parsed = bulkSchema(deps.bulkMinQuantity, indiaDate(now)).safeParse({
    organisation: first(form, 'organisation'),
    name: first(form, 'name'),
    email: first(form, 'email'),
    phone: first(form, 'phone'),
    categories: form.get('categories') ?? [],
    productsNote: first(form, 'productsNote'),
    quantity: first(form, 'quantity'),
    sizes: Object.fromEntries(SIZES.map((size) => [size, first(form, `size-${size}`)])),
    customisation: form.get('customisation') ?? [],
    customisationNote: first(form, 'customisationNote'),
    neededBy: first(form, 'neededBy'),
    budget: first(form, 'budget'),
  });
  const checked = await withinEnquiryLimit(deps, client, parsed, now);
  if (!checked.ok) return checked;
  // The logo's bytes are judged only after the fields and the limit: decoding it costs the most.
  const logo = await prepareLogo(logoFiles);
  if (!logo.ok) return failure('invalid', FIX_ERRORS_MESSAGE, { fieldErrors: { logo: logo.message } });
  const { name, email: from, phone: number, sizes, ...rest } = checked.fields;
  const details: BulkDetails = {
    ...rest,
    categories: [...new Set(rest.categories)],
    customisation: [...new Set(rest.customisation)],
    sizes: Object.fromEntries(Object.entries(sizes).filter(([, pieces]) => pieces > 0)),
    logo: logo.logo?.name ?? null,
  };
  return storeEnquiry(deps, client, { kind: 'bulk', name, email: from, phone: number, details }, logo.logo);
}

type NewEnquiry = Pick<Enquiry, 'kind' | 'name' | 'email' | 'phone'> & { details: ContactDetails | BulkDetails };

/** How many fresh references to try before giving up: with 600 million, one more is plenty. */
const REFERENCE_TRIES = 5;

/**
 * Whether the enquiry comes from the signed-in shopper's own verified address. Only then does the
 * sender's confirmation repeat what they wrote (emails.ts): any other address was merely typed
 * into the form, and nobody has shown it is theirs.
 */
async function isOwnVerifiedAddress(db: Database, client: EnquiryClient, address: string): Promise<boolean> {
  if (!client.userId) return false;
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, client.userId), eq(users.emailVerified, true), isNull(users.deletedAt)));
  return user !== undefined && user.email.toLowerCase() === address.toLowerCase();
}

/**
 * Stores the enquiry, its logo and its two queued emails together: all of them or none. A
 * reference another enquiry already has is drawn again.
 */
async function storeEnquiry(
  deps: EnquiryDeps,
  client: EnquiryClient,
  enquiry: NewEnquiry,
  logo: Logo | undefined,
): Promise<Result<{ reference: string }>> {
  const sender = (await isOwnVerifiedAddress(deps.db, client, enquiry.email)) ? 'verified-sender' : 'sender';
  for (let attempt = 1; ; attempt += 1) {
    const reference = newReference(enquiry.kind);
    try {
      return await refusalsAsFailures(() =>
        deps.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(enquiries)
            .values({ ...enquiry, reference, details: { ...enquiry.details } })
            .returning({ id: enquiries.id });
          for (const to of ['store', sender] as const) {
            await deps.jobs.send(tx, 'enquiry-mail', { enquiryId: row!.id, to });
          }
          // Last, so that a refused insert leaves no file; a store that does not take it rolls back.
          if (logo) {
            await storeLogo(deps.images, logo).catch(() => {
              throw new FailureError(failure('unavailable', ENQUIRY_MESSAGES.logoNotSaved));
            });
          }
          return { ok: true as const, reference };
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error, 'enquiries_reference_unique') && attempt < REFERENCE_TRIES) continue;
      throw error;
    }
  }
}

export const INBOX_PAGE_SIZE = 50;

/** One page of the inbox, newest first, by kind and status when asked; and how many there are. */
export async function listEnquiries(
  db: Database,
  filter: { kind?: Enquiry['kind'] | undefined; status?: Enquiry['status'] | undefined; page: number },
): Promise<{ enquiries: Enquiry[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.kind) conditions.push(eq(enquiries.kind, filter.kind));
  if (filter.status) conditions.push(eq(enquiries.status, filter.status));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(enquiries)
      .where(where)
      .orderBy(newestFirst(enquiries))
      .limit(INBOX_PAGE_SIZE)
      .offset((Math.max(1, filter.page) - 1) * INBOX_PAGE_SIZE),
    db.select({ total: count() }).from(enquiries).where(where),
  ]);
  return { enquiries: rows, total: totals?.total ?? 0 };
}

export async function getEnquiry(db: Database, id: string): Promise<Enquiry | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(enquiries).where(eq(enquiries.id, id));
  return row;
}

const UpdateSchema = z.object({
  status: z.enum(ENQUIRY_STATUSES, { error: ENQUIRY_MESSAGES.status }),
  notes: typed('Notes', ENQUIRY_LIMITS.staffNotes, { multiline: true }),
});

/** Staff set an enquiry's status and notes; the audit log keeps both, before and after. */
export async function updateEnquiry(
  db: Database,
  actor: Actor,
  id: string,
  input: { status?: unknown; notes?: unknown },
): Promise<Result<{ enquiry: Enquiry; message: string }>> {
  const parsed = UpdateSchema.safeParse({ status: input.status, notes: input.notes ?? '' });
  if (!parsed.success) return invalidFields(parsed.error);
  if (!isUuid(id)) return failure('not_found', ENQUIRY_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(enquiries).where(eq(enquiries.id, id)).for('update');
    if (!before) return failure('not_found', ENQUIRY_MESSAGES.notFound);
    const [after] = await tx
      .update(enquiries)
      .set({ status: parsed.data.status, notes: parsed.data.notes, updatedAt: new Date() })
      .where(eq(enquiries.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'enquiry.update',
      entityType: 'enquiry',
      entityId: id,
      summary: `${before.reference}: ${ENQUIRY_STATUS_LABELS[before.status]} → ${ENQUIRY_STATUS_LABELS[after!.status]}${before.notes === after!.notes ? '' : ', notes changed'}`,
      before: { status: before.status, notes: before.notes },
      after: { status: after!.status, notes: after!.notes },
    });
    return {
      ok: true as const,
      enquiry: after!,
      message: ENQUIRY_MESSAGES.updated(ENQUIRY_STATUS_LABELS[after!.status]),
    };
  });
}
