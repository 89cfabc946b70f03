// The server half of the route module contact.tsx (ADR 0017): what runs only on the server.
import { sendContactMessage } from '../../server/enquiries/service.ts';
import { enquiryClient, enquiryDeps, fieldsOf, senderPrefill, typedValues } from '../enquiries.server.ts';
import { failureData } from '../failures.server.ts';
import { readForm } from '../form-body.server.ts';
import type { Route } from './+types/contact';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { prefill: await senderPrefill(context, request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = fieldsOf(await readForm(request));
  const result = await sendContactMessage(enquiryDeps(context), fields, await enquiryClient(context, request));
  if (!result.ok) return failureData(result, { values: typedValues(fields) });
  return { ok: true as const, reference: result.reference, email: fields.get('email')?.[0]?.trim() ?? '' };
}
