// A small typed client of Razorpay's REST API over fetch, with a configurable base URL (the
// official SDK's host cannot be changed, and the local sandbox speaks the same API).
export interface RazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
}

export interface RazorpayPayment {
  id: string;
  entity: 'payment';
  order_id: string;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  method?: string;
}

export interface RazorpayRefund {
  id: string;
  entity: 'refund';
  payment_id: string;
  amount: number;
  status: string;
}

export interface RazorpayCredentials {
  apiUrl: string;
  keyId: string;
  keySecret: string;
}

export class RazorpayError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'RazorpayError';
    this.status = status;
  }
}

export type RazorpayClient = ReturnType<typeof createRazorpayClient>;

/**
 * The idempotency key of a refund: one refund of the whole payment, whoever asks (a late payment's
 * refund, the admin failing an order, the customer cancelling) and however often; and one refund
 * per return, of its part of the payment.
 */
export function refundKey(refund: { paymentId: string; returnRequestId: string | null }): string {
  return refund.returnRequestId ? `refund-return-${refund.returnRequestId}` : `refund-${refund.paymentId}`;
}

export function createRazorpayClient({ apiUrl, keyId, keySecret }: RazorpayCredentials) {
  const base = apiUrl.replace(/\/$/, '');
  const authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { Authorization: authorization, 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const payload = (await response.json().catch(() => ({}))) as { error?: { description?: string } };
    if (!response.ok)
      throw new RazorpayError(response.status, payload.error?.description ?? `Razorpay answered ${response.status}`);
    return payload as T;
  }

  return {
    keyId,
    createOrder: (input: { amount: number; currency: 'INR'; receipt: string; notes?: Record<string, string> }) =>
      call<RazorpayOrder>('POST', '/orders', input),
    fetchOrder: (orderId: string) => call<RazorpayOrder>('GET', `/orders/${encodeURIComponent(orderId)}`),
    fetchPayment: (paymentId: string) => call<RazorpayPayment>('GET', `/payments/${encodeURIComponent(paymentId)}`),
    /** Captures an authorised payment (when Razorpay's auto-capture is off): the amount and currency must be the payment's. */
    capturePayment: (paymentId: string, amount: number, currency: string) =>
      call<RazorpayPayment>('POST', `/payments/${encodeURIComponent(paymentId)}/capture`, { amount, currency }),
    fetchOrderPayments: async (orderId: string) =>
      (await call<{ items: RazorpayPayment[] }>('GET', `/orders/${encodeURIComponent(orderId)}/payments`)).items,
    /**
     * The idempotency key (X-Refund-Idempotency: at least 10 letters, digits, dashes or
     * underscores) makes a retried refund the same refund.
     */
    refundPayment: (paymentId: string, amount: number, idempotencyKey: string) =>
      call<RazorpayRefund>(
        'POST',
        `/payments/${encodeURIComponent(paymentId)}/refund`,
        { amount },
        {
          'X-Refund-Idempotency': idempotencyKey,
        },
      ),
  };
}
