// What the sign-in and sign-up forms that post through a fetcher share: a lazily checked form
// (use-lazy-form.ts) whose messages come once a field is touched, the props of its fields, the
// checked submit, and the answer the form got.
import { useActionData } from 'react-router';
import type { FieldValues } from 'react-hook-form';

import { formFields } from '../components/field-props.ts';
import { useCheckedSubmit } from './use-checked-submit.ts';
import { useLazyForm, type LazyFormOptions } from './use-lazy-form.ts';

export function useCheckedLazyForm<T extends FieldValues>(
  fetcher: { submit: (form: HTMLFormElement) => Promise<void> },
  options: Omit<LazyFormOptions<T>, 'mode'>,
) {
  const form = useLazyForm<T>({ ...options, mode: 'onTouched' });
  const field = formFields(form.register, form.formState.errors);
  return { ...form, field, ...useCheckedSubmit(form.handleSubmit, fetcher) };
}

/** A fetcher form's answer: the fetcher's, or the page's action data when it posted as a page without JavaScript. */
export function useFormAnswer<D>(fetcher: { data?: D }): D | undefined {
  const pageAnswer = useActionData() as D | undefined;
  return fetcher.data ?? pageAnswer;
}
