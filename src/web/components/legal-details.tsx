// Pieces both legal pages show (ADR 0029): who the seller is and who answers complaints, as the
// Consumer Protection (E-Commerce) Rules 2020 (rule 4) ask every online store to show them.
import type { ReactNode } from 'react';

import type { LegalSettings } from '../legal.server.ts';
import { TextLink } from './text-link.tsx';
import { PageSection, SectionText } from './text-page.tsx';

function Details({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold">{label}</dt>
      <dd className="text-muted">{children}</dd>
    </>
  );
}

const LIST_CLASS = 'mt-4 grid gap-x-6 gap-y-2 rounded-lg border border-black/10 bg-white p-6 sm:grid-cols-[12rem_1fr]';

/** The seller's legal name, address, GSTIN, website and customer care, as registered. */
export function SellerDetails({ settings }: { settings: LegalSettings }) {
  return (
    <dl className={LIST_CLASS} aria-label="Seller details">
      <Details label="Legal name">{settings.seller.legalName}</Details>
      <Details label="Registered address">{settings.seller.address}</Details>
      <Details label="GSTIN">{settings.seller.gstin}</Details>
      <Details label="Website">{settings.website}</Details>
      <Details label="Customer care">
        <TextLink href={`mailto:${settings.storeEmail}`}>{settings.storeEmail}</TextLink>,{' '}
        <TextLink href={`tel:${settings.storePhone.replace(/\s/g, '')}`}>{settings.storePhone}</TextLink>
      </Details>
    </dl>
  );
}

/** The section naming the grievance officer and the times the rules set for an answer. */
export function GrievanceSection({ id, title, settings }: { id: string; title: string; settings: LegalSettings }) {
  const officer = settings.grievanceOfficer;
  return (
    <PageSection id={id} title={title}>
      <dl className={LIST_CLASS} aria-label="Grievance officer">
        <Details label="Grievance Officer">{officer.name}</Details>
        <Details label="Email">
          <TextLink href={`mailto:${officer.email}`}>{officer.email}</TextLink>
        </Details>
        <Details label="Phone">
          <TextLink href={`tel:${officer.phone.replace(/[\s-]/g, '')}`}>{officer.phone}</TextLink>
        </Details>
      </dl>
      <SectionText>
        Write to the Grievance Officer with your order number (on Your Orders and in our emails) and what went wrong. We
        acknowledge every complaint within 48 hours and resolve it within one month of receiving it, as the Consumer
        Protection (E-Commerce) Rules, 2020 require (rule 4(5)). If you are not satisfied with our answer, you can call
        the National Consumer Helpline on 1915 or file a complaint with the Consumer Commission where you live
        (edaakhil.nic.in).
      </SectionText>
    </PageSection>
  );
}
