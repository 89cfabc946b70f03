// Labelled inputs with their error under them, for every form of the store. Errors are tied to
// the input with aria-describedby and announced through aria-invalid.
import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

const INPUT =
  'mt-1 block w-full rounded-md border border-black/25 bg-white px-3 py-2.5 text-base focus:border-ink focus:ring-2 focus:ring-ink/20 focus:outline-none aria-[invalid=true]:border-brand-dark read-only:bg-black/5';

interface FieldProps {
  label: string;
  error?: string | undefined;
}

export const TextField = forwardRef<HTMLInputElement, FieldProps & InputHTMLAttributes<HTMLInputElement>>(
  function TextField({ label, error, id, ...input }, ref) {
    const control = useControlProps(id, error);
    return (
      <LabelledField label={label} controlId={control.id} error={error}>
        <input ref={ref} {...control} {...input} />
      </LabelledField>
    );
  },
);

export const SelectField = forwardRef<
  HTMLSelectElement,
  FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { options: ReadonlyArray<{ value: string; label: string }> }
>(function SelectField({ label, error, id, options, ...select }, ref) {
  const control = useControlProps(id, error);
  return (
    <LabelledField label={label} controlId={control.id} error={error}>
      <select ref={ref} {...control} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </LabelledField>
  );
});

export function TextAreaField({
  label,
  error,
  id,
  ...textarea
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const control = useControlProps(id, error);
  return (
    <LabelledField label={label} controlId={control.id} error={error}>
      <textarea {...control} {...textarea} />
    </LabelledField>
  );
}

/** The attributes every control shares: its id (the one given, else a fresh one), look and error state. */
function useControlProps(id: string | undefined, error: string | undefined) {
  const fallbackId = useId();
  const controlId = id ?? fallbackId;
  return {
    id: controlId,
    className: INPUT,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${controlId}-error` : undefined,
  };
}

function LabelledField({ label, controlId, error, children }: FieldProps & { controlId: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={controlId} className="block text-sm font-semibold">
        {label}
      </label>
      {children}
      <FieldError id={`${controlId}-error`} error={error} />
    </div>
  );
}

/** A field's or a group of fields' error, under it; `id` is what the field's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm text-brand-dark">
      {error}
    </p>
  );
}

/** The outcome of a form: green for success, red for an error, announced to screen readers. */
export function FormMessage({ message }: { message: { text: string; tone: 'success' | 'error' } | undefined }) {
  return (
    <div role="status" aria-live="polite" className="min-h-6">
      {message ? (
        <p className={`text-sm font-semibold ${message.tone === 'success' ? 'text-green-800' : 'text-brand-dark'}`}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
