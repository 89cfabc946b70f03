// One contact message or bulk order request for staff (ADR 0028): everything the sender wrote,
// a bulk request's logo, and its status and notes (answers go by email: the sender's address is a
// mailto link, and the store's copy of the enquiry replies to them).
import { Form, href, useNavigation } from 'react-router';

import { ENQUIRY_LIMITS, ENQUIRY_STATUS_LABELS } from '../../../common/enquiries.ts';
import { AdminPanel } from '../../components/admin/admin-page.tsx';
import { Alerts } from '../../components/admin/alert.tsx';
import { UploadedImage } from '../../components/admin/uploaded-image.tsx';
import { BackLink } from '../../components/back-link.tsx';
import { SelectField, TextAreaField } from '../../components/form-field.tsx';
import { PRIMARY_BUTTON } from '../../components/buttons.ts';
import { enquiryLogoPath } from '../../paths.ts';
import { adminPageMeta } from '../../seo.ts';
import type { Route } from './+types/enquiry';

export { action, loader } from './enquiry.server.ts';

export function meta(args: Route.MetaArgs) {
  return adminPageMeta(args, 'Enquiry', 'One enquiry.');
}

/** Every answer brings the enquiry as it now is (another admin may have changed it). */
export { revalidateAfterPost as shouldRevalidate } from '../../revalidate.ts';

const STATUS_OPTIONS = Object.entries(ENQUIRY_STATUS_LABELS).map(([value, label]) => ({ value, label }));

export default function AdminEnquiry({ loaderData, actionData }: Route.ComponentProps) {
  const { enquiry } = loaderData;
  const busy = useNavigation().state !== 'idle';
  return (
    <section aria-labelledby="admin-enquiry-title" className="mt-6">
      <BackLink to={href('/admin/inbox')}>Inbox</BackLink>
      <h1 id="admin-enquiry-title" className="mt-2 text-2xl font-black uppercase">
        {`${enquiry.kind} ${enquiry.reference}`}
      </h1>
      <Alerts messages={actionData?.alerts} />

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <dl className="grid content-start gap-x-6 gap-y-3 rounded-lg border border-black/10 bg-white p-4 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="font-semibold">Status</dt>
          <dd>{enquiry.statusLabel}</dd>
          <dt className="font-semibold">Received</dt>
          <dd>{`${enquiry.receivedOn} (India time)`}</dd>
          {enquiry.fields.map((field) => (
            <div key={field.label} className="contents">
              <dt className="font-semibold">{field.label}</dt>
              <dd className="break-words whitespace-pre-line">
                {field.label === 'Email' ? (
                  <a href={`mailto:${field.value}`} className="underline">
                    {field.value}
                  </a>
                ) : (
                  field.value
                )}
              </dd>
            </div>
          ))}
          {enquiry.logo ? (
            <>
              <dt className="font-semibold">Logo image</dt>
              <dd>
                {/* On a checkerboard, so a logo's transparent parts show. */}
                <UploadedImage
                  src={enquiryLogoPath(enquiry.logo)}
                  alt={`The logo sent with ${enquiry.reference}`}
                  look="bg-[repeating-conic-gradient(#eee_0_25%,#fff_0_50%)] bg-[length:16px_16px] object-contain"
                />
              </dd>
            </>
          ) : null}
        </dl>

        <AdminPanel id="enquiry-track-title" title="Status and notes">
          <Form method="post" className="mt-3 space-y-4" key={`${enquiry.status}-${enquiry.notes}`}>
            <SelectField label="Status" name="status" options={STATUS_OPTIONS} defaultValue={enquiry.status} />
            <TextAreaField
              label="Notes (staff only)"
              name="notes"
              rows={6}
              maxLength={ENQUIRY_LIMITS.staffNotes}
              defaultValue={enquiry.notes}
            />
            <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
              Save
            </button>
          </Form>
        </AdminPanel>
      </div>
    </section>
  );
}
