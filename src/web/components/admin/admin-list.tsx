// What stands above an admin list (orders, returns, reviews, inbox, products): the filters, sent
// as a plain GET form so the filtered list has an address, and how many entries there are.
import { Fragment, type ReactNode } from 'react';
import { Form, useLocation } from 'react-router';

import { SECONDARY_BUTTON } from '../buttons.ts';

/** The filter fields in a row, with the Filter button after them. */
export function AdminFilters({
  grid,
  children,
}: {
  /** The row's Tailwind grid classes, such as `sm:grid-cols-[14rem_auto] sm:justify-start`. */
  grid: string;
  /** The filter fields. */
  children: ReactNode;
}) {
  // The fields are drawn again with what the address holds whenever a filter in it changes. Going
  // to another page of the list keeps them as they are: the page, and the empty fields the form
  // sends but the pager leaves out, are not filters.
  const filters = [...new URLSearchParams(useLocation().search)]
    .filter(([name, value]) => name !== 'page' && value !== '')
    .map(([name, value]) => `${name}=${value}`)
    .sort()
    .join('&');
  return (
    <Form method="get" className={`mt-4 grid items-end gap-3 ${grid}`}>
      <Fragment key={filters}>{children}</Fragment>
      <button type="submit" className={`${SECONDARY_BUTTON} sm:w-auto`}>
        Filter
      </button>
    </Form>
  );
}

/** "12 orders · page 1 of 3", announced when a filter changes it; `children` follow it. */
export function AdminListCount({
  total,
  one,
  many,
  page = 1,
  pages = 1,
  children,
}: {
  total: number;
  /** The entry's name, one and more: 'order', 'orders'. */
  one: string;
  many: string;
  page?: number;
  pages?: number;
  children?: ReactNode;
}) {
  return (
    <p className="mt-4 text-sm text-muted" aria-live="polite">
      {total} {total === 1 ? one : many}
      {pages > 1 ? ` · page ${page} of ${pages}` : ''}
      {children}
    </p>
  );
}
