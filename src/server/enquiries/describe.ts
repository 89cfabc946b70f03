// An enquiry as labelled lines, in its form's order: the emails print them and the admin's page
// lists them, so both say the same thing.
import { CATEGORIES, SIZES } from '../../common/catalog.ts';
import { CUSTOMISATIONS } from '../../common/enquiries.ts';
import type { Enquiry } from '../db/schema.ts';
import type { BulkDetails, ContactDetails } from './service.ts';

type Field = readonly [label: string, value: string];

/** '12 January 2027' for `2027-01-12`. */
function formatDay(day: string): string {
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

const orNone = (value: string, none: string) => (value === '' ? none : value);

/** The sender's own fields and what they asked; the logo is not a line (the mail attaches it, the page shows it). */
export function describeEnquiry(enquiry: Enquiry): Field[] {
  const sender: Field[] = [
    ['Email', enquiry.email],
    ['Phone', enquiry.phone],
  ];
  if (enquiry.kind === 'contact') {
    const details = enquiry.details as unknown as ContactDetails;
    return [
      ['Name', enquiry.name],
      ...sender,
      ['Order number', details.orderNumber ? `#${details.orderNumber}` : 'Not given'],
      ['Message', details.message],
    ];
  }
  const details = enquiry.details as unknown as BulkDetails;
  const categories = details.categories.map((slug) => CATEGORIES.find((c) => c.slug === slug)?.name ?? slug);
  const customisation = details.customisation.map(
    (value) => CUSTOMISATIONS.find((option) => option.value === value)?.label ?? value,
  );
  // In the sizes' order (the database keeps an object's keys in an order of its own).
  const sizes = SIZES.filter((size) => details.sizes[size]).map((size) => `${size}: ${details.sizes[size]}`);
  return [
    ['Organisation', details.organisation],
    ['Contact person', enquiry.name],
    ...sender,
    ['Categories', orNone(categories.join(', '), 'None chosen')],
    ['Products', orNone(details.productsNote, 'Not described')],
    ['Quantity', `${details.quantity} pieces`],
    ['Sizes', orNone(sizes.join(', '), 'Not split yet')],
    ['Customisation', orNone(customisation.join(', '), 'None')],
    ['Customisation details', orNone(details.customisationNote, 'None')],
    ['Needed by', formatDay(details.neededBy)],
    ['Budget', orNone(details.budget, 'Not given')],
    ['Logo', details.logo ? 'Attached' : 'None'],
  ];
}
