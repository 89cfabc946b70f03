import { loadConfig } from '../../src/server/config.ts';

/**
 * The seller settings a production store requires (tax invoices, ADR 0024), and the grievance
 * officer its legal pages name (ADR 0029), for tests that boot one.
 */
export const SELLER_SETTINGS = {
  SELLER_LEGAL_NAME: 'Trap the Trend Retail Private Limited',
  SELLER_ADDRESS: '7 Linking Road, Bandra West, Mumbai, Maharashtra - 400050',
  SELLER_GSTIN: '27AAACT1234D1ZV',
  SELLER_STATE: 'Maharashtra',
  GRIEVANCE_OFFICER_NAME: 'Ananya Rao',
  GRIEVANCE_OFFICER_EMAIL: 'grievance@trapthetrend.example',
  GRIEVANCE_OFFICER_PHONE: '+91 22 4000 1234',
};

/** The invoice settings of that seller, with the default prefix and GST rate bands. */
export const TEST_INVOICE_SETTINGS = loadConfig(SELLER_SETTINGS).invoices;

/**
 * The store credit settings a refund taken as credit reads (ADR 0051), as a store has them by
 * default: no bonus, no expiry. Beside the invoice settings, since the same moves take both.
 */
export const TEST_REFUND_CREDIT = { refundBonusPercent: 0, expiryDays: undefined };
