// Capture before an order (ADR 0012): the callback's signature proves that a
// payment was authorised, not that the money was captured, so an order is made only for a payment
// Razorpay reports `captured`. When Razorpay's auto-capture is off (RAZORPAY_CAPTURED_BY=store),
// the store captures an authorised payment itself; otherwise an authorised payment waits for
// Razorpay, and the webhook (`payment.captured`) or the reconciliation job completes it.
import type { Logger } from '../logger.ts';
import { RazorpayError, type RazorpayClient, type RazorpayPayment } from '../payments/razorpay.ts';

export interface CaptureDeps {
  razorpay: Pick<RazorpayClient, 'fetchPayment' | 'capturePayment'>;
  capturedBy: 'razorpay' | 'store';
  logger: Logger;
}

/**
 * - captured: the money is the store's; the order may be made.
 * - pending: not captured yet, or Razorpay could not be asked: the checkout stays open for the
 *   webhook or the job.
 * - void: this payment will never be captured for this order (failed, refunded, another order's).
 */
export type CaptureState = 'captured' | 'pending' | 'void';

/** Asks Razorpay for the payment (GET /payments/{id}) and captures it when the store does. */
export async function captureState(
  deps: CaptureDeps,
  razorpayOrderId: string,
  paymentId: string,
): Promise<CaptureState> {
  let payment: RazorpayPayment;
  try {
    payment = await deps.razorpay.fetchPayment(paymentId);
  } catch (error) {
    // An id Razorpay does not know is no payment; anything else is asked again later.
    if (error instanceof RazorpayError && (error.status === 400 || error.status === 404)) return 'void';
    deps.logger.warn({ err: error, paymentId }, 'payments: Razorpay could not be asked about a payment');
    return 'pending';
  }
  if (payment.order_id !== razorpayOrderId) return 'void';
  return ensureCaptured(deps, payment);
}

/** The state of a payment Razorpay described, capturing an authorised one when the store captures. */
export async function ensureCaptured(deps: CaptureDeps, payment: RazorpayPayment): Promise<CaptureState> {
  if (payment.status === 'captured') return 'captured';
  if (payment.status === 'failed' || payment.status === 'refunded') return 'void';
  if (payment.status !== 'authorized' || deps.capturedBy !== 'store') return 'pending';
  try {
    // Razorpay captures the authorised amount in the payment's currency, nothing else.
    const captured = await deps.razorpay.capturePayment(payment.id, payment.amount, payment.currency);
    return captured.status === 'captured' ? 'captured' : 'pending';
  } catch (error) {
    // Two captures crossing (the callback and the job): the second is refused, the payment is captured.
    deps.logger.warn({ err: error, paymentId: payment.id }, 'payments: capturing a payment failed');
    const again = await deps.razorpay.fetchPayment(payment.id).catch(() => undefined);
    return again?.status === 'captured' ? 'captured' : 'pending';
  }
}
