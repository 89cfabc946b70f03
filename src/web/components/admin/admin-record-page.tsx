// A record's page in the admin area (an order, a customer, a return request): the way back to its
// list, its title, the answer to the last form, then its facts beside the panels where staff act on it.
import type { ReactNode } from 'react';

import { BackLink } from '../back-link.tsx';
import { Alerts, type AlertMessage } from './alert.tsx';

export function AdminRecordPage({
  id,
  backTo,
  backLabel,
  title,
  badge,
  alerts,
  children,
}: {
  /** The title's id. */
  id: string;
  backTo: string;
  backLabel: string;
  title: string;
  /** Shown beside the title, such as the order's status. */
  badge?: ReactNode;
  alerts: readonly AlertMessage[] | undefined;
  /** The two columns: the record's facts, then its panels. */
  children: ReactNode;
}) {
  const heading = (
    <h1 id={id} className={badge ? 'text-2xl font-black uppercase' : 'mt-2 text-2xl font-black uppercase'}>
      {title}
    </h1>
  );
  return (
    <section aria-labelledby={id} className="mt-6">
      <BackLink to={backTo}>{backLabel}</BackLink>
      {badge ? (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          {heading}
          {badge}
        </div>
      ) : (
        heading
      )}
      <Alerts messages={alerts} />

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">{children}</div>
    </section>
  );
}

/** The record's facts, each term beside its value (AdminFact). */
export function AdminFacts({ children }: { children: ReactNode }) {
  return (
    <dl className="grid content-start gap-x-6 gap-y-3 rounded-lg border border-black/10 bg-white p-4 text-sm sm:grid-cols-[10rem_1fr]">
      {children}
    </dl>
  );
}

/** One fact of a record; `className` styles its value (`break-all` for an email or an id). */
export function AdminFact({ term, className, children }: { term: string; className?: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold">{term}</dt>
      <dd className={className}>{children}</dd>
    </>
  );
}

/** The record's customer: their name, and their email as a link to write to them. */
export function AdminCustomerFact({ name, email }: { name: string; email: string }) {
  return (
    <AdminFact term="Customer">
      {name}
      <br />
      <a href={`mailto:${email}`} className="underline">
        {email}
      </a>
    </AdminFact>
  );
}

/** A parcel the store shipped: its courier, AWB and days, and the courier's tracking page. */
export function AdminParcelFact({
  term,
  parcel,
}: {
  term: string;
  parcel: { courier: string; awb: string; trackingUrl: string; shippedOn: string; deliveredOn: string | null };
}) {
  return (
    <AdminFact term={term}>
      {`${parcel.courier}, AWB ${parcel.awb}, shipped on ${parcel.shippedOn}`}
      {parcel.deliveredOn ? `, delivered on ${parcel.deliveredOn}` : ''}
      {'. '}
      <a href={parcel.trackingUrl} className="underline" rel="noreferrer" target="_blank">
        Track the parcel
      </a>
    </AdminFact>
  );
}
