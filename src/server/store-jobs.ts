// The store's background work, as jobs on the queue (queue.ts): what each queue's worker does.
// Started by every instance (main.ts, dev.ts); the schedules and the queues' policies make each
// scheduled run happen once, in one instance, however many there are.
import { purgeExpired } from './auth/purge.ts';
import { reconcileCheckouts } from './checkout/reconcile.ts';
import type { Payments } from './checkout/runtime.ts';
import { purgeReleasedCheckouts } from './checkout/upkeep.ts';
import type { Config } from './config.ts';
import { runBookingJob } from './courier/booking.ts';
import { runReturnPickupJob } from './courier/returns.ts';
import { runUndeliveredRefundJob } from './courier/tracking.ts';
import type { Database } from './db/client.ts';
import { runInvoiceJob } from './invoices/due.ts';
import { issueDueInvoices } from './invoices/issue.ts';
import { deliverEnquiryEmail } from './enquiries/emails.ts';
import { purgeOldEnquiries } from './enquiries/purge.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail/mailer.ts';
import { deliverNotifyEmail, queueNotifyEmails } from './notify/sending.ts';
import { cancelUnconfirmedCodOrders } from './orders/cod.ts';
import { deliverOrderEmail, queuedOrderEmails } from './orders/emails.ts';
import { expireReturnRequests } from './orders/returns.ts';
import { retryUnconfirmedRefunds } from './payments/refunds.ts';
import type { Shipping } from './shipping/runtime.ts';
import { deliverStoreCreditEmail, expireStoreCredit, remindOfExpiringCredit } from './store-credit/expiry.ts';
import type { JobQueue } from './jobs/queue.ts';

export interface StoreJobDeps {
  jobs: JobQueue;
  db: Database;
  config: Config;
  logger: Logger;
  mailer: Mailer;
  payments: Payments;
  shipping: Shipping;
}

export async function startStoreJobs({
  jobs,
  db,
  config,
  logger,
  mailer,
  payments,
  shipping,
}: StoreJobDeps): Promise<void> {
  await jobs.work('reconcile-checkouts', async () => {
    const reconciled = await reconcileCheckouts(payments.deps);
    const refunds = await retryUnconfirmedRefunds(payments.deps);
    // Invoices a minute overdue: their job gave up, or was lost with an instance's queue.
    const invoices = await issueDueInvoices(db, config.invoices, new Date(Date.now() - 60_000));
    if (invoices > 0) logger.warn({ invoices }, 'jobs: invoices issued late, by the reconciliation');
    logger.debug({ ...reconciled, refunds }, 'jobs: checkouts reconciled');
  });
  await jobs.work('issue-invoice', (job) => runInvoiceJob({ db, invoices: config.invoices, logger }, job));
  await jobs.work('purge', async () => {
    const purged = {
      ...(await purgeExpired(db)),
      releasedCheckouts: await purgeReleasedCheckouts(db),
      // Return requests left waiting too long lapse, and an exchange's held size goes back on sale.
      expiredReturns: await expireReturnRequests({ db, orderEmails: queuedOrderEmails(jobs) }),
      oldEnquiries: await purgeOldEnquiries({ db, config }),
      // Cash on delivery orders nobody confirmed within COD_CONFIRM_HOURS are cancelled, their stock back.
      unconfirmedCodOrders: await cancelUnconfirmedCodOrders({
        db,
        orderEmails: queuedOrderEmails(jobs),
        invoices: config.invoices,
        logger,
        confirmHours: config.payments.cod.confirmHours,
      }),
    };
    logger.debug({ purged }, 'jobs: expired data purged');
  });
  await jobs.work('send-mail', (job) =>
    deliverOrderEmail(
      { db, mailer, logger, storeName: config.store.name, publicUrl: config.publicUrl, invoices: config.invoices },
      job,
    ),
  );
  await jobs.work('enquiry-mail', (job) => deliverEnquiryEmail({ db, mailer, logger, config }, job));
  await jobs.work('store-credit-expiry', async () => {
    // Credit that has lapsed first, so a reminder never names credit that is already gone.
    const expired = await expireStoreCredit(db);
    const reminded = await remindOfExpiringCredit({ db, jobs });
    logger.debug({ expired, reminded }, 'jobs: store credit expired and reminded');
  });
  await jobs.work('store-credit-mail', (job) =>
    deliverStoreCreditEmail({ db, mailer, logger, storeName: config.store.name, publicUrl: config.publicUrl }, job),
  );
  // 'Notify me' (docs/drops.md): the news of drops gone live and sizes back, at a steady rate.
  await jobs.work('notify-waiting', async () => {
    const queued = await queueNotifyEmails({ db, jobs, emailsPerMinute: config.notify.emailsPerMinute });
    logger.debug({ queued }, 'jobs: notify emails queued');
  });
  await jobs.work('notify-mail', (job) =>
    deliverNotifyEmail({ db, mailer, logger, storeName: config.store.name, publicUrl: config.publicUrl }, job),
  );
  // Courier parcels (docs/decisions/0053): bookings continued where they stopped, reverse pickups
  // of approved returns, refunds of prepaid parcels back undelivered. A store that ships by hand
  // sends no such job.
  const { provider } = shipping;
  if (provider) {
    const courier = {
      db,
      provider,
      jobs,
      orderEmails: queuedOrderEmails(jobs),
      parcels: shipping.settings.parcels,
      logger,
    };
    await jobs.work('courier-booking', (job) => runBookingJob(courier, job));
    await jobs.work('courier-return-pickup', (job) => runReturnPickupJob(courier, job));
    await jobs.work('courier-undelivered-refund', (job) =>
      runUndeliveredRefundJob(
        {
          db,
          razorpay: payments.deps.razorpay,
          logger,
          orderEmails: queuedOrderEmails(jobs),
          invoices: config.invoices,
          storeCredit: config.storeCredit,
        },
        job,
      ),
    );
  }
}
