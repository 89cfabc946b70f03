// What the contact and bulk order pages need from the app (enquiries/service.ts), and the sender's
// fields prefilled for a signed-in shopper from their profile (the page is then private: http/personal-pages.ts).
import type { RouterContextProvider } from 'react-router';

import type { EnquiryClient, EnquiryDeps, FormFields } from '../server/enquiries/service.ts';
import { getProfile } from '../server/profiles/service.ts';
import { getApp } from './app-context.server.ts';
import { getSessionUser } from './session.server.ts';

export function enquiryDeps(context: Readonly<RouterContextProvider>): EnquiryDeps {
  const app = getApp(context);
  return {
    db: app.db,
    jobs: app.jobs,
    limit: app.config.rateLimits.enquiryPerIp,
    bulkMinQuantity: app.config.enquiries.bulkMinQuantity,
    images: { config: app.config },
  };
}

/** Who sends: the client's address, and the signed-in shopper (whose own verified address gets a copy). */
export async function enquiryClient(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<EnquiryClient> {
  const user = await getSessionUser(context, request);
  return { ip: getApp(context).clientIp, userId: user?.id };
}

export interface SenderPrefill {
  name: string;
  email: string;
  phone: string;
}

/** The signed-in shopper's name, email and phone, or empty fields for a visitor. */
export async function senderPrefill(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<SenderPrefill> {
  const user = await getSessionUser(context, request);
  if (!user) return { name: '', email: '', phone: '' };
  const profile = await getProfile(getApp(context).db, user.id);
  return {
    name: profile ? `${profile.firstName} ${profile.lastName}`.trim() : user.name,
    email: user.email,
    phone: profile?.phone ?? '',
  };
}

/** A submitted form's fields, every value of each name (a body that is not a form reads as none). */
export function fieldsOf(form: FormData): FormFields {
  const fields = new Map<string, string[]>();
  for (const [name, value] of form) {
    if (typeof value === 'string') fields.set(name, [...(fields.get(name) ?? []), value]);
  }
  return fields;
}

/** What the visitor typed, echoed back with a refusal so that a page without JavaScript keeps it. */
export function typedValues(fields: FormFields): Record<string, string[]> {
  return Object.fromEntries([...fields].map(([name, values]) => [name, values.map((value) => value.slice(0, 5000))]));
}
