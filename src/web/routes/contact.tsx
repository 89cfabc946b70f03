// Contact Us (ADR 0028; the FAQ's "Contact Us page" and the menu's Help & Support): a message
// to the store, with an optional order number, answered on screen and by email with a reference
// number. A plain form: it works without JavaScript, and the server decides everything.
import { ENQUIRY_LIMITS } from '../../common/enquiries.ts';
import { EnquiryForm, refusedFields, SenderFields } from '../components/enquiry-form.tsx';
import { TextAreaField, TextField } from '../components/form-field.tsx';
import { ShopperPage } from '../components/shopper-page.tsx';
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
  const fields = refusedFields(actionData);
  const { field } = fields;
  return (
    <ShopperPage id="contact-title" title="Contact Us" className="mx-auto max-w-2xl px-4 py-12">
      <p className="mt-3 text-muted">
        Questions about an order, sizes or delivery? Send us a message and we will reply by email within two working
        days. You can also write to <TextLink href={`mailto:${email}`}>{email}</TextLink> or call {phone}.
      </p>
      <EnquiryForm
        answer={actionData}
        sentTitle="Thank you: we received your message"
        submitLabel="Send message"
        className="mt-8 space-y-5"
      >
        <SenderFields nameLabel="Name" prefill={loaderData.prefill} fields={fields} />
        <TextField
          label="Order number (optional)"
          autoComplete="off"
          placeholder="e.g. 3F2A9C1D"
          maxLength={ENQUIRY_LIMITS.orderNumber}
          {...field('orderNumber')}
        />
        <TextAreaField label="Message" rows={6} required maxLength={ENQUIRY_LIMITS.message} {...field('message')} />
      </EnquiryForm>
    </ShopperPage>
  );
}
