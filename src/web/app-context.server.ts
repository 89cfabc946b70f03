// What every loader and action receives from the server (docs/architecture.md "How a request
// flows": loaders call services in-process with the database and the session from context).
import { createContext, type RouterContextProvider } from 'react-router';

import type { Auth } from '../server/auth/auth.ts';
import type { CatalogReads } from '../server/catalog/catalog-reads.ts';
import type { Config } from '../server/config.ts';
import type { Database } from '../server/db/client.ts';
import type { Logger } from '../server/logger.ts';
import type { Mailer } from '../server/mail/mailer.ts';
import type { Payments } from '../server/checkout/runtime.ts';
import type { JobQueue } from '../server/jobs/queue.ts';
import type { OrderEmails } from '../server/orders/emails.ts';

export interface AppContext {
  db: Database;
  config: Config;
  logger: Logger;
  auth: Auth;
  mailer: Mailer;
  payments: Payments;
  /** The queue of order emails, sent in the transaction of the change they tell of. */
  orderEmails: OrderEmails;
  /** The job queue, for the mails of other changes (enquiries), sent in their transactions. */
  jobs: JobQueue;
  requestId: string;
  /** The client as rate limits count it: its address, or its /64 for IPv6 (http/client-address.ts). */
  clientIp: string;
  /** Per-request Content-Security-Policy nonce for the inline scripts React Router writes. */
  nonce: string;
  /** The catalog's reads every request makes alike, kept until the catalog changes (ADR 0032). */
  catalog: CatalogReads;
}

export const appContext = createContext<AppContext>();

export function getApp(context: Readonly<RouterContextProvider>): AppContext {
  return context.get(appContext);
}
