// A react-hook-form form whose code loads when the shopper first reaches for it, not with the page
// (ADR 0033): react-hook-form and the zod schemas are fetched on the first focus, change, blur or
// submit of the form's fields. Until then the fields are the server-rendered inputs (a form posts
// as a plain form before hydration anyway). Once loaded, react-hook-form's own form control runs
// the form with the options it always had (mode, the schema as resolver), starting from the
// values in the fields, and is handed what the shopper did meanwhile in order: the changes, a
// blur, the submit. So each message appears on the same event as before, once the code is there.
//
// The answer has the shape of useForm's for what these forms use: register, handleSubmit,
// setError and formState.errors (field-props.ts and use-checked-submit.ts take it as they are).
import { useState, type BaseSyntheticEvent } from 'react';
import type {
  DefaultValues,
  ErrorOption,
  FieldErrors,
  FieldValues,
  Mode,
  Path,
  UseFormHandleSubmit,
  UseFormRegister,
  UseFormRegisterReturn,
  UseFormSetError,
} from 'react-hook-form';
import type { ZodType } from 'zod';

import type { SchemaFormControl } from './form-control.ts';

export interface LazyFormOptions<T extends FieldValues> {
  /** The form's zod schema, imported when wanted: `() => import('…/validation.ts').then((m) => m.LoginSchema)`. */
  schema: () => Promise<ZodType<unknown, T>>;
  mode: Mode;
  defaultValues: DefaultValues<T>;
}

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export function useLazyForm<T extends FieldValues>(options: LazyFormOptions<T>) {
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [form] = useState(() => lazyForm(options, setErrors));
  return { ...form, formState: { errors } };
}

function lazyForm<T extends FieldValues>(options: LazyFormOptions<T>, onErrors: (errors: FieldErrors<T>) => void) {
  const elements = new Map<string, FieldElement>();
  const fields = new Map<string, UseFormRegisterReturn & { onFocus: () => void }>();
  // Errors set before the code is there (the server's, for a form that posted without JavaScript).
  const earlyErrors: Record<string, ErrorOption> = {};
  let control: SchemaFormControl<T> | undefined;
  let loading: Promise<SchemaFormControl<T>> | undefined;

  const load = () =>
    (loading ??= Promise.all([import('./form-control.ts'), options.schema()]).then(
      ([{ createSchemaFormControl }, schema]) => {
        const values: Record<string, unknown> = { ...options.defaultValues };
        for (const [name, element] of elements) values[name] = element.value;
        const created = createSchemaFormControl<T>(schema, options.mode, values as DefaultValues<T>);
        created.subscribe({
          formState: { errors: true },
          callback: (state) => onErrors({ ...state.errors } as FieldErrors<T>),
        });
        // In the order the fields came on the page: the first field with an error is focused.
        for (const [name, element] of elements) created.register(name as Path<T>).ref(element);
        for (const [name, error] of Object.entries(earlyErrors)) created.setError(name as Path<T>, error);
        control = created;
        return created;
      },
      (error: unknown) => {
        loading = undefined; // the next interaction tries again
        throw error;
      },
    ));

  const register = (name: Path<T>) => {
    let field = fields.get(name);
    if (!field) {
      // react-hook-form tells a blur from a change by the event's type, as with useForm.
      const forward = (event: { target: unknown; type?: unknown }) =>
        control
          ? control.register(name).onChange(event)
          : load().then(
              (loaded) => loaded.register(name).onChange(event),
              () => undefined,
            );
      field = {
        name,
        ref: (element: FieldElement | null) => {
          if (element) elements.set(name, element);
          else elements.delete(name);
          control?.register(name).ref(element);
        },
        onChange: forward,
        onBlur: forward,
        onFocus: () => void load().catch(() => undefined),
      };
      fields.set(name, field);
    }
    return field;
  };

  const handleSubmit: UseFormHandleSubmit<T> = (onValid, onInvalid) => (event?: BaseSyntheticEvent) => {
    if (control) return control.handleSubmit(onValid, onInvalid)(event);
    event?.preventDefault();
    const form: unknown = event?.currentTarget;
    return load().then(
      (loaded) => loaded.handleSubmit(onValid, onInvalid)(event),
      // Without the code (offline), the form posts as a page: the server checks it all.
      () => {
        if (form instanceof HTMLFormElement) form.submit();
        return undefined;
      },
    );
  };

  const setError: UseFormSetError<T> = (name, error, setOptions) => {
    if (control) return control.setError(name, error, setOptions);
    earlyErrors[name] = error;
    onErrors({ ...earlyErrors } as FieldErrors<T>);
  };

  return { register: register as unknown as UseFormRegister<T>, handleSubmit, setError };
}
