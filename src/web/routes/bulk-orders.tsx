// Bulk Orders (ADR 0028; the FAQ's "Bulk Orders page"): colleges, events and companies ask for a
// quote: what and how many (at least BULK_ORDER_MIN_QUANTITY pieces), the sizes, the customisation
// and a logo, by when and for what budget. Answered on screen and by email with a reference
// number. A plain multipart form: it works without JavaScript, and the server decides everything.
import { CATEGORIES, SIZES } from '../../common/catalog.ts';
import { CUSTOMISATIONS, ENQUIRY_LIMITS, LOGO_TYPES } from '../../common/enquiries.ts';
import { EnquiryForm, refusedFields, SenderFields } from '../components/enquiry-form.tsx';
import { FieldError, TextAreaField, TextField } from '../components/form-field.tsx';
import { ShopperPage } from '../components/shopper-page.tsx';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/bulk-orders';

export { action, loader } from './bulk-orders.server.ts';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: 'Bulk Orders',
    description:
      'Custom printed and embroidered streetwear in bulk for colleges, events and companies: ask Trap the Trend for a quote.',
  });
}

const CHECKBOX_LABEL = 'flex items-center gap-2 rounded-md border border-black/15 px-3 py-2';

/** Checkboxes under one legend, with the group's error under them. */
function CheckboxGroup({
  legend,
  name,
  options,
  checked,
  error,
}: {
  legend: string;
  name: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  checked: readonly string[];
  error: string | undefined;
}) {
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {options.map((option) => (
          <label key={option.value} className={CHECKBOX_LABEL}>
            <input
              type="checkbox"
              name={name}
              value={option.value}
              defaultChecked={checked.includes(option.value)}
              className="size-4"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={`${name}-error`} error={error} />
    </fieldset>
  );
}

export default function BulkOrdersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { prefill, minQuantity, today } = loaderData;
  const fields = refusedFields(actionData);
  const { field, errorOf, valuesOf } = fields;
  return (
    <ShopperPage id="bulk-title" title="Bulk Orders" className="mx-auto max-w-3xl px-4 py-12">
      <p className="mt-3 text-muted">
        {`Tees, polos, sweatshirts and jackets for your college, event or company, printed or embroidered with your logo. Orders start at ${minQuantity} pieces. Tell us what you need and we will send you a quote within two working days.`}
      </p>
      <EnquiryForm
        answer={actionData}
        sentTitle="Thank you: we received your request"
        submitLabel="Send request"
        multipart
        className="mt-8 space-y-6"
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Organisation"
            autoComplete="organization"
            required
            maxLength={ENQUIRY_LIMITS.organisation}
            {...field('organisation')}
          />
          <SenderFields nameLabel="Contact person" prefill={prefill} fields={fields} />
        </div>
        <CheckboxGroup
          legend="Products or categories"
          name="categories"
          options={CATEGORIES.map((category) => ({ value: category.slug, label: category.name }))}
          checked={valuesOf('categories')}
          error={errorOf('categories')}
        />
        <TextAreaField
          label="Products you have in mind (optional)"
          rows={2}
          maxLength={ENQUIRY_LIMITS.productsNote}
          {...field('productsNote')}
        />
        <TextField
          label={`Quantity (at least ${minQuantity} pieces)`}
          type="number"
          inputMode="numeric"
          min={minQuantity}
          required
          {...field('quantity')}
        />
        <fieldset aria-describedby={`sizes-hint${errorOf('sizes') ? ' sizes-error' : ''}`}>
          <legend className="text-sm font-semibold">Sizes (optional)</legend>
          <p id="sizes-hint" className="mt-1 text-sm text-muted">
            Pieces per size, if you know them: they must add up to the quantity.
          </p>
          <div className="mt-2 grid grid-cols-3 gap-3 sm:grid-cols-6">
            {SIZES.map((size) => (
              <TextField key={size} label={size} type="number" inputMode="numeric" min={0} {...field(`size-${size}`)} />
            ))}
          </div>
          <FieldError id="sizes-error" error={errorOf('sizes')} />
        </fieldset>
        <CheckboxGroup
          legend="Customisation wanted"
          name="customisation"
          options={CUSTOMISATIONS}
          checked={valuesOf('customisation')}
          error={errorOf('customisation')}
        />
        <TextAreaField
          label="Customisation details (optional): placement, colours, text"
          rows={3}
          maxLength={ENQUIRY_LIMITS.customisationNote}
          {...field('customisationNote')}
        />
        <TextField
          label="Logo (optional): one JPEG, PNG or WebP image, up to 10 MB"
          name="logo"
          type="file"
          accept={LOGO_TYPES}
          error={errorOf('logo')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Needed by" type="date" min={today} required {...field('neededBy')} />
          <TextField
            label="Budget (optional)"
            placeholder="e.g. ₹400 a piece"
            maxLength={ENQUIRY_LIMITS.budget}
            {...field('budget')}
          />
        </div>
      </EnquiryForm>
    </ShopperPage>
  );
}
