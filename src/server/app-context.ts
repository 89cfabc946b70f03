// What every loader and action receives from the server (docs/architecture.md "How a request
// flows": loaders call services in-process with the database and the session from context). The
// server builds it for each request (app.ts); the web app reads it through
// web/app-context.server.ts.
import type { Auth } from './auth/auth.ts';
import type { CatalogReads } from './catalog/catalog-reads.ts';
import type { LiveSearch } from './catalog/search.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { DropQueue } from './drops/queue.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Payments } from './checkout/runtime.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { OrderEmails } from './orders/emails.ts';
import type { Shipping } from './shipping/runtime.ts';

export interface AppContext {
  db: Database;
  config: Config;
  logger: Logger;
  auth: Auth;
  mailer: Mailer;
  payments: Payments;
  /** The courier provider (none: shipped by hand) and the shipping settings. */
  shipping: Shipping;
  /** The queue of order emails, sent in the transaction of the change they tell of. */
  orderEmails: OrderEmails;
  /** The job queue, for the mails of other changes (enquiries), sent in their transactions. */
  jobs: JobQueue;
  requestId: string;
  /** The client as rate limits count it: its address, or its /64 for IPv6 (shared/client-address.ts). */
  clientIp: string;
  /** Per-request Content-Security-Policy nonce for the inline scripts React Router writes. */
  nonce: string;
  /** The live search's suggestions for a text. */
  search: LiveSearch;
  /** The catalog's reads every request makes alike, kept until the catalog changes (ADR 0032). */
  catalog: CatalogReads;
  /** Drops' lines: whose turn has come to buy (drops/queue.ts). */
  dropQueue: DropQueue;
}
