// Contact Us (ADR 0028; the FAQ's "Contact Us page" and the menu's Help & Support): a message
// to the store, with an optional order number, answered on screen and by email with a reference
// number. A plain form: it works without JavaScript, and the server decides everything.
import { Form, useNavigation } from 'react-router';

import { ENQUIRY_LIMITS } from '../../common/enquiries.ts';
import { EnquirySent } from '../components/enquiry-sent.tsx';
import { FormMessage, PRIMARY_BUTTON, TextAreaField, TextField } from '../components/form-field.tsx';
import { TextLink } from '../components/text-link.tsx';
import { useStoreSettings } from '../hooks/use-store-settings.ts';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/contact';

export { action, loader } from './contact.server.ts';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: 'Contact Us',
    description: 'Write to Trap the Trend: questions about an order, sizes, delivery or anything else.',
  });
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, phone } = useStoreSettings();
  const busy = useNavigation().state !== 'idle';
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const errorOf = (field: string) => refused?.fieldErrors?.[field];
  // After a refusal, what was typed; before, the signed-in shopper's own details.
  const valueOf = (field: string, fallback = '') => refused?.values?.[field]?.[0] ?? fallback;
  return (
    <section aria-labelledby="contact-title" className="mx-auto max-w-2xl px-4 py-12">
      <h1 id="contact-title" className="text-3xl font-black uppercase">
        Contact Us
      </h1>
      <p className="mt-3 text-muted">
        Questions about an order, sizes or delivery? Send us a message and we will reply by email within two working
        days. You can also write to <TextLink href={`mailto:${email}`}>{email}</TextLink> or call {phone}.
      </p>
      {actionData?.ok ? (
        <EnquirySent
          title="Thank you: we received your message"
          reference={actionData.reference}
          email={actionData.email}
        />
      ) : (
        <Form method="post" className="mt-8 space-y-5" noValidate>
          <FormMessage message={refused ? { text: refused.message, tone: 'error' } : undefined} />
          <TextField
            label="Name"
            name="name"
            autoComplete="name"
            required
            maxLength={ENQUIRY_LIMITS.name}
            defaultValue={valueOf('name', loaderData.prefill.name)}
            error={errorOf('name')}
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={valueOf('email', loaderData.prefill.email)}
            error={errorOf('email')}
          />
          <TextField
            label="Phone (10 digits)"
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            required
            maxLength={10}
            defaultValue={valueOf('phone', loaderData.prefill.phone)}
            error={errorOf('phone')}
          />
          <TextField
            label="Order number (optional)"
            name="orderNumber"
            autoComplete="off"
            placeholder="e.g. 3F2A9C1D"
            maxLength={ENQUIRY_LIMITS.orderNumber}
            defaultValue={valueOf('orderNumber')}
            error={errorOf('orderNumber')}
          />
          <TextAreaField
            label="Message"
            name="message"
            rows={6}
            required
            maxLength={ENQUIRY_LIMITS.message}
            defaultValue={valueOf('message')}
            error={errorOf('message')}
          />
          <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
            {busy ? 'Sending...' : 'Send message'}
          </button>
        </Form>
      )}
    </section>
  );
}
