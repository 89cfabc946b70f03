// The local Razorpay sandbox (docs/architecture.md "Payments"): with no Razorpay keys, in demo mode
// only, the store talks to this instead, in Razorpay's own formats. It serves the Orders API
// (create, fetch, list payments), payments (fetch, capture), refunds, a Checkout script with the
// same `Razorpay` constructor, handler, `modal.ondismiss` and `payment.failed` event, a test
// payment window (card or UPI, fail, close), signed callbacks, and signed webhooks back to the
// store. State lives in memory.
import { randomBytes } from 'node:crypto';

import { Hono, type Context } from 'hono';

import type { Logger } from '../logger.ts';
import type { RazorpayOrder, RazorpayPayment, RazorpayRefund } from './razorpay.ts';
import { hmacHex, paymentSignature, sameText } from './signatures.ts';

export interface SandboxOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /**
   * Razorpay's auto-capture setting: on, a payment is captured at once (`payment.captured`); off,
   * it stays authorised (`payment.authorized`) until captured through POST /v1/payments/{id}/capture.
   */
  autoCapture?: boolean;
  /** Where webhooks go (the store's /api/webhooks/razorpay); none when undefined. */
  webhookUrl: string | undefined;
  /** How long after the browser's callback the webhook follows. */
  webhookDelayMs?: number;
  logger: Logger;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Razorpay's ids: a prefix and 14 letters and digits (`order_MbXyz…`, `pay_…`), never '-'. */
const id = (prefix: string) =>
  `${prefix}_${Array.from(randomBytes(14), (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('')}`;

export function createRazorpaySandbox(options: SandboxOptions): Hono {
  const orders = new Map<string, RazorpayOrder & { notes: Record<string, string>; created_at: number }>();
  const payments = new Map<string, RazorpayPayment>();
  const refunds = new Map<string, RazorpayRefund>();
  const refundedOf = (paymentId: string) =>
    [...refunds.values()].filter((refund) => refund.payment_id === paymentId).reduce((sum, r) => sum + r.amount, 0);
  const app = new Hono();
  const expectedAuth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  const failure = (c: Context, status: 400 | 401 | 404, description: string) =>
    c.json({ error: { code: 'BAD_REQUEST_ERROR', description } }, status);

  app.use('/v1/*', async (c, next) => {
    if (!sameText(expectedAuth, c.req.header('Authorization') ?? ''))
      return failure(c, 401, 'The api key provided is invalid');
    await next();
  });

  app.post('/v1/orders', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as {
      amount?: unknown;
      currency?: unknown;
      receipt?: unknown;
      notes?: unknown;
    };
    if (!Number.isInteger(body.amount) || (body.amount as number) < 100)
      return failure(c, 400, 'The amount must be atleast INR 1.00');
    if (body.currency !== 'INR') return failure(c, 400, 'Currency is not supported');
    const order = {
      id: id('order'),
      entity: 'order' as const,
      amount: body.amount as number,
      currency: 'INR',
      receipt: typeof body.receipt === 'string' ? body.receipt : null,
      status: 'created' as const,
      notes: (body.notes ?? {}) as Record<string, string>,
      created_at: Math.floor(Date.now() / 1000),
    };
    orders.set(order.id, order);
    return c.json(order);
  });

  app.get('/v1/orders/:id', (c) => {
    const order = orders.get(c.req.param('id'));
    return order ? c.json(order) : failure(c, 404, 'The id provided does not exist');
  });

  app.get('/v1/orders/:id/payments', (c) => {
    const items = [...payments.values()].filter((payment) => payment.order_id === c.req.param('id'));
    return c.json({ entity: 'collection', count: items.length, items });
  });

  app.get('/v1/payments/:id', (c) => {
    const payment = payments.get(c.req.param('id'));
    return payment ? c.json(payment) : failure(c, 400, 'The id provided does not exist');
  });

  app.post('/v1/payments/:id/capture', async (c) => {
    const payment = payments.get(c.req.param('id'));
    if (!payment) return failure(c, 400, 'The id provided does not exist');
    if (payment.status === 'captured') return failure(c, 400, 'This payment has already been captured');
    if (payment.status !== 'authorized')
      return failure(c, 400, 'Only payments which have been authorized can be captured');
    const body = (await c.req.json().catch(() => ({}))) as { amount?: unknown; currency?: unknown };
    if (body.amount !== payment.amount) return failure(c, 400, 'Capture amount must be equal to the amount authorized');
    if (body.currency !== payment.currency) return failure(c, 400, 'The currency should be the same as the payment');
    payment.status = 'captured';
    orders.get(payment.order_id)!.status = 'paid';
    sendWebhook('payment.captured', { payment: { entity: payment } });
    return c.json(payment);
  });

  app.post('/v1/payments/:id/refund', async (c) => {
    // A repeated key is answered with the refund it made, as Razorpay does (X-Refund-Idempotency).
    const key = c.req.header('X-Refund-Idempotency') ?? id('key');
    const existing = refunds.get(key);
    if (existing) return c.json(existing);
    const payment = payments.get(c.req.param('id'));
    if (!payment || payment.status !== 'captured') return failure(c, 400, 'The payment has not been captured');
    const body = (await c.req.json().catch(() => ({}))) as { amount?: unknown };
    const amount = body.amount ?? payment.amount - refundedOf(payment.id);
    // Part of a payment may be refunded, several times, never more than was paid (as Razorpay).
    if (!Number.isInteger(amount) || (amount as number) < 100)
      return failure(c, 400, 'The refund amount must be atleast INR 1.00');
    if (refundedOf(payment.id) + (amount as number) > payment.amount)
      return failure(c, 400, 'The refund amount provided is greater than amount captured');
    const refund: RazorpayRefund = {
      id: id('rfnd'),
      entity: 'refund',
      payment_id: payment.id,
      amount: amount as number,
      status: 'processed',
    };
    refunds.set(key, refund);
    // Razorpay keeps a partly refunded payment 'captured'; refunded in full, it is 'refunded'.
    if (refundedOf(payment.id) === payment.amount) payment.status = 'refunded';
    return c.json(refund);
  });

  // The test payment window calls this from the shopper's browser.
  app.post('/pay', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { order_id?: string; method?: string; outcome?: string };
    const order = body.order_id ? orders.get(body.order_id) : undefined;
    if (!order) return failure(c, 400, 'The order does not exist');
    const method = body.method === 'upi' ? 'upi' : 'card';
    const payment: RazorpayPayment = {
      id: id('pay'),
      entity: 'payment',
      order_id: order.id,
      amount: order.amount,
      currency: order.currency,
      status: body.outcome === 'failure' ? 'failed' : options.autoCapture === false ? 'authorized' : 'captured',
      method,
    };
    payments.set(payment.id, payment);
    if (payment.status === 'failed') {
      sendWebhook('payment.failed', { payment: { entity: payment } });
      return c.json(
        {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'Your payment could not be completed as this test payment was set to fail.',
            source: 'customer',
            step: 'payment_authorization',
            reason: 'payment_failed',
            metadata: { order_id: order.id, payment_id: payment.id },
          },
        },
        400,
      );
    }
    if (payment.status === 'captured') {
      order.status = 'paid';
      sendWebhook('payment.captured', { payment: { entity: payment } });
    } else {
      order.status = 'attempted';
      sendWebhook('payment.authorized', { payment: { entity: payment } });
    }
    return c.json({
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: paymentSignature(order.id, payment.id, options.keySecret),
    });
  });

  app.get('/checkout.js', (c) =>
    c.body(CHECKOUT_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' }),
  );

  function sendWebhook(event: string, payload: Record<string, unknown>) {
    const url = options.webhookUrl;
    if (!url) return;
    const body = JSON.stringify({
      entity: 'event',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: Math.floor(Date.now() / 1000),
    });
    const timer = setTimeout(() => {
      fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Razorpay-Signature': hmacHex(options.webhookSecret, body),
          'x-razorpay-event-id': id('evt'),
        },
        body,
      }).catch((error: unknown) => options.logger.warn({ err: error, event }, 'sandbox: webhook not delivered'));
    }, options.webhookDelayMs ?? 1500);
    timer.unref();
  }

  return app;
}

/** The sandbox's Checkout script: Razorpay's browser API, with a test payment window. */
const CHECKOUT_SCRIPT = String.raw`(function () {
  var base = (document.currentScript && document.currentScript.src || '').replace(/\/checkout\.js(\?.*)?$/, '');
  function Razorpay(options) { this.options = options || {}; this.events = {}; }
  Razorpay.prototype.on = function (event, callback) { this.events[event] = callback; };
  Razorpay.prototype.open = function () {
    var self = this, options = this.options;
    if (!options.key || !options.order_id) throw new Error('Razorpay: key and order_id are required');
    var overlay = document.createElement('div');
    overlay.setAttribute('style', 'position:fixed;inset:0;z-index:2147483000;background:rgba(0,0,0,.6);display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif');
    var box = document.createElement('div');
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-modal', 'true');
    box.setAttribute('aria-labelledby', 'rzp-sandbox-title');
    box.setAttribute('style', 'background:#fff;color:#111;border-radius:8px;padding:24px;width:min(92vw,380px);box-shadow:0 10px 40px rgba(0,0,0,.4)');
    var amount = new Intl.NumberFormat('en-IN', { style: 'currency', currency: options.currency || 'INR' }).format((options.amount || 0) / 100);
    box.innerHTML = '<h2 id="rzp-sandbox-title" style="margin:0 0 4px;font-size:20px">Razorpay test payment</h2>' +
      '<p style="margin:0 0 4px;color:#444"></p><p style="margin:0 0 16px;font-size:24px;font-weight:700"></p>';
    box.querySelectorAll('p')[0].textContent = (options.name || '') + ' · ' + (options.description || '');
    box.querySelectorAll('p')[1].textContent = amount;
    function button(label, onClick, primary) {
      var b = document.createElement('button');
      b.type = 'button';
      b.textContent = label;
      b.setAttribute('style', 'display:block;width:100%;margin-top:8px;padding:12px;border-radius:6px;font-weight:700;font-size:15px;cursor:pointer;border:2px solid #111;' + (primary ? 'background:#111;color:#fff' : 'background:#fff;color:#111'));
      b.addEventListener('click', onClick);
      box.appendChild(b);
      return b;
    }
    function close() { overlay.remove(); }
    function pay(method, outcome) {
      fetch(base + '/pay', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ order_id: options.order_id, method: method, outcome: outcome }) })
        .then(function (response) { return response.json(); })
        .then(function (answer) {
          close();
          if (answer.razorpay_payment_id) { if (options.handler) options.handler(answer); }
          else if (self.events['payment.failed']) self.events['payment.failed']({ error: answer.error });
        });
    }
    var first = button('Pay by card', function () { pay('card', 'success'); }, true);
    button('Pay by UPI', function () { pay('upi', 'success'); }, true);
    button('Fail payment', function () { pay('card', 'failure'); });
    button('Close', function () { close(); if (options.modal && options.modal.ondismiss) options.modal.ondismiss(); });
    overlay.addEventListener('keydown', function (event) {
      if (event.key === 'Escape') { close(); if (options.modal && options.modal.ondismiss) options.modal.ondismiss(); }
    });
    overlay.appendChild(box);
    document.body.appendChild(overlay);
    first.focus();
  };
  window.Razorpay = Razorpay;
})();
`;
