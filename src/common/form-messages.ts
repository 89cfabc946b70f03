// What every form says when a submit is refused for its errors (docs/product.md §5), word for word.
// Kept out of validation.ts so that a page shows it without loading zod (hooks/use-lazy-form.ts).
export const FIX_ERRORS_MESSAGE = 'Please fix the validation errors before proceeding.';
