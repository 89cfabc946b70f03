// What the Contact Us and Bulk Orders forms share: the sender's details, what a refused form
// shows again (the message, each field's error and what was typed), and the answer taking the
// form's place once the server took it. Plain forms: they work without JavaScript.
import type { ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';

import { ENQUIRY_LIMITS } from '../../common/enquiries.ts';
import { EnquirySent } from './enquiry-sent.tsx';
import { PHONE_INPUT } from './field-props.ts';
import { FormMessage, TextField } from './form-field.tsx';
import { PRIMARY_BUTTON } from './buttons.ts';

/** The action's answer: the enquiry taken, or refused with the values that were sent. */
export type EnquiryAnswer =
  | { ok: true; reference: string; email: string }
  | { ok?: false; message: string; fieldErrors?: Record<string, string>; values?: Record<string, string[]> };

/**
 * After a refusal, what was typed and each field's error; before, nothing (or the fallback, such
 * as the signed-in shopper's own details). `{...field('email')}` names a field and fills it in.
 */
export function refusedFields(answer: EnquiryAnswer | undefined) {
  const refused = answer && !answer.ok ? answer : undefined;
  const errorOf = (name: string) => refused?.fieldErrors?.[name];
  const valuesOf = (name: string) => refused?.values?.[name] ?? [];
  const field = (name: string, fallback = '') => ({
    name,
    defaultValue: valuesOf(name)[0] ?? fallback,
    error: errorOf(name),
  });
  return { field, errorOf, valuesOf };
}

export type RefusedFields = ReturnType<typeof refusedFields>;

/** The form, or in its place the reference number of the enquiry the server took. */
export function EnquiryForm({
  answer,
  sentTitle,
  submitLabel,
  multipart = false,
  className,
  children,
}: {
  answer: EnquiryAnswer | undefined;
  /** The heading of the answer, such as 'Thank you: we received your message'. */
  sentTitle: string;
  submitLabel: string;
  /** The form sends a file. */
  multipart?: boolean;
  className: string;
  /** The form's fields. */
  children: ReactNode;
}) {
  const busy = useNavigation().state !== 'idle';
  if (answer?.ok) return <EnquirySent title={sentTitle} reference={answer.reference} email={answer.email} />;
  return (
    <Form method="post" encType={multipart ? 'multipart/form-data' : undefined} className={className} noValidate>
      <FormMessage message={answer ? { text: answer.message, tone: 'error' } : undefined} />
      {children}
      <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
        {busy ? 'Sending...' : submitLabel}
      </button>
    </Form>
  );
}

/** Who writes: name, email and phone, filled in with the signed-in shopper's own details. */
export function SenderFields({
  nameLabel,
  prefill,
  fields,
}: {
  nameLabel: string;
  prefill: { name: string; email: string; phone: string };
  fields: RefusedFields;
}) {
  const { field } = fields;
  return (
    <>
      <TextField
        label={nameLabel}
        autoComplete="name"
        required
        maxLength={ENQUIRY_LIMITS.name}
        {...field('name', prefill.name)}
      />
      <TextField label="Email" type="email" autoComplete="email" required {...field('email', prefill.email)} />
      <TextField label="Phone (10 digits)" {...PHONE_INPUT} required {...field('phone', prefill.phone)} />
    </>
  );
}
