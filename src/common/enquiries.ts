// The contact and bulk order forms' vocabularies and bounds (ADR 0028), shared by the
// pages (labels, maxLength) and the server's checks (server/enquiries/service.ts).
export const ENQUIRY_KIND_LABELS = { contact: 'Contact message', bulk: 'Bulk order request' } as const;
export const ENQUIRY_STATUS_LABELS = { new: 'New', replied: 'Replied', closed: 'Closed' } as const;

/** What a bulk order may be customised with: checkboxes on the form. */
export const CUSTOMISATIONS = [
  { value: 'print', label: 'Print' },
  { value: 'embroidery', label: 'Embroidery' },
  { value: 'colours', label: 'Custom colours' },
] as const;
export const CUSTOMISATION_VALUES = CUSTOMISATIONS.map((option) => option.value);

/** Bounds of what a person types (ADR 0019): a message is a few paragraphs, a note a line or two. */
export const ENQUIRY_LIMITS = {
  name: 80,
  organisation: 120,
  orderNumber: 20,
  message: 3000,
  productsNote: 500,
  customisationNote: 1000,
  budget: 100,
  staffNotes: 5000,
  /** The most pieces one request may ask for: beyond it, the team talks to them anyway. */
  quantity: 100_000,
} as const;

/** The logo a bulk request may carry: one raster image (storage/product-images.ts checks the bytes). */
export const LOGO_TYPES = 'image/jpeg,image/png,image/webp';
