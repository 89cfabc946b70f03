// The part of a form that loads when the shopper first reaches for it (use-lazy-form.ts):
// react-hook-form's form control, checking the values with the form's zod schema.
import { zodResolver } from '@hookform/resolvers/zod';
import { createFormControl, type DefaultValues, type FieldValues, type Mode, type Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

export function createSchemaFormControl<T extends FieldValues>(
  schema: ZodType<unknown, T>,
  mode: Mode,
  defaultValues: DefaultValues<T>,
) {
  // The handlers the forms pass to handleSubmit take no values: the schema's output type is not needed.
  const resolver = zodResolver(schema) as unknown as Resolver<T>;
  return createFormControl<T>({ resolver, mode, defaultValues });
}

export type SchemaFormControl<T extends FieldValues> = ReturnType<typeof createSchemaFormControl<T>>;
