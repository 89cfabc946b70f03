// What the legal pages (/terms, /privacy) name, from the settings (ADR 0029): the
// seller as registered for GST, the grievance officer, the store's contact, the return window,
// how long enquiries are kept, and whether Google sign-in is offered. Nothing of it is written into the pages themselves.
import type { RouterContextProvider } from 'react-router';

import { getApp } from './app-context.server.ts';

export function legalSettings(context: Readonly<RouterContextProvider>) {
  const { config } = getApp(context);
  const { legalName, address, gstin } = config.invoices.seller;
  return {
    storeName: config.store.name,
    storeEmail: config.store.email,
    storePhone: config.store.phone,
    website: config.publicUrl,
    seller: { legalName, address, gstin },
    grievanceOfficer: config.grievanceOfficer,
    returnWindowDays: config.returns.windowDays,
    enquiryRetentionDays: config.enquiries.retentionDays,
    googleSignIn: Boolean(config.google.clientId),
  };
}

export type LegalSettings = ReturnType<typeof legalSettings>;
