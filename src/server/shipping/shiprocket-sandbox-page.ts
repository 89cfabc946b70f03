// The Shiprocket sandbox's page (shiprocket-sandbox.ts): every parcel it holds, forward and return,
// and a form per courier move, as plain HTML that works without JavaScript. No scripts or styles,
// so the store's Content-Security-Policy never gets in the way.
import {
  NDR_REASONS,
  SANDBOX_MOVES,
  statusOf,
  type SandboxMove,
  type SandboxParty,
  type SandboxShipment,
} from './shiprocket-sandbox-model.ts';
import { escapeHtml, plainPage } from '../shared/plain-page.ts';

export function sandboxPage({
  base,
  shipments,
  webhookUrl,
}: {
  base: string;
  shipments: readonly SandboxShipment[];
  webhookUrl: string | undefined;
}): string {
  const intro = `<h1>Shiprocket sandbox</h1>
<p>Without a Shiprocket account, demo mode books its parcels here. Move a parcel as its courier would: each button records a courier scan and sends Shiprocket's tracking webhook to ${
    webhookUrl ? `<code>${escapeHtml(webhookUrl)}</code>` : 'nowhere (no webhook address is set)'
  }.</p>
<h2>Shipments</h2>`;
  const list =
    shipments.length === 0
      ? '<p>No shipments yet: the store books one when an order is shipped through Shiprocket.</p>'
      : shipments.map((shipment) => shipmentSection(base, shipment)).join('\n');
  return plainPage('Shiprocket sandbox', `${intro}\n${list}`);
}

/** A move that could not be made, with the way back. */
export function movedPage(base: string, title: string, message: string): string {
  return plainPage(
    title,
    `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>\n<p><a href="${escapeHtml(base || '/')}">All shipments</a></p>`,
  );
}

function shipmentSection(base: string, s: SandboxShipment): string {
  const id = `shipment-${s.shipmentId}`;
  const title = `${s.kind === 'return' ? 'Return' : 'Order'} ${s.reference}`;
  const rows: Array<[string, string]> = [
    ['Status', statusOf(s)],
    ['AWB', s.awb ?? 'Not assigned yet'],
    ['Courier', s.courier?.name ?? 'Not assigned yet'],
    ['Shiprocket order id', String(s.orderId)],
    ['Shipment id', String(s.shipmentId)],
    ['From', party(s.from)],
    ['To', party(s.to)],
    ['Payment', s.paymentMethod === 'COD' ? `Cash on delivery: collect Rs. ${s.collect.toFixed(2)}` : 'Prepaid'],
    ['Pickup', s.pickupScheduledAt ? indiaTime(s.pickupScheduledAt) : 'Not scheduled'],
  ];
  const details = `<dl>\n${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('\n')}\n</dl>`;
  const forms =
    s.awb && !s.cancelled
      ? `<h4>Move it</h4>\n${(Object.keys(SANDBOX_MOVES) as SandboxMove[]).map((move) => moveForm(base, s, move)).join('\n')}`
      : `<p>${s.cancelled ? 'Cancelled: no courier will move it.' : 'It moves once the store has an AWB assigned.'}</p>`;
  return `<section id="${id}" aria-labelledby="${id}-title">
<h3 id="${id}-title">${escapeHtml(title)}</h3>
${details}
${forms}
${scansTable(s)}
${ndrAnswers(s)}
</section>`;
}

function moveForm(base: string, s: SandboxShipment, move: SandboxMove): string {
  const action = `${base}/shipments/${s.shipmentId}/move`;
  const reason =
    move === 'delivery_failed'
      ? `<label for="reason-${s.shipmentId}">Reason</label> <select id="reason-${s.shipmentId}" name="reason">${NDR_REASONS.map(
          (text) => `<option>${escapeHtml(text)}</option>`,
        ).join('')}</select> `
      : '';
  return `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="move" value="${move}">${reason}<button type="submit">${escapeHtml(SANDBOX_MOVES[move].button)}</button></form>`;
}

function scansTable(s: SandboxShipment): string {
  if (s.scans.length === 0) return '<p>No courier scans yet.</p>';
  const rows = s.scans
    .map(
      (scan) =>
        `<tr><td>${escapeHtml(indiaTime(scan.at))}</td><td>${escapeHtml(scan.status)}</td><td>${escapeHtml(scan.activity)}</td><td>${escapeHtml(scan.location)}</td><td>${escapeHtml(scan.webhook ?? '')}</td></tr>`,
    )
    .join('\n');
  return `<table>
<caption>Courier scans of ${escapeHtml(s.awb ?? s.reference)}</caption>
<thead><tr><th scope="col">Time</th><th scope="col">Status</th><th scope="col">Activity</th><th scope="col">Location</th><th scope="col">Webhook</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

function ndrAnswers(s: SandboxShipment): string {
  if (s.ndrActions.length === 0) return '';
  const items = s.ndrActions.map((answer) => {
    const details = Object.entries(answer.details)
      .map(([key, value]) => `${key} ${value}`)
      .join(', ');
    return `<li>${escapeHtml(indiaTime(answer.at))}: ${escapeHtml(answer.action)}${answer.comments ? ` (${escapeHtml(answer.comments)})` : ''}${details ? `; ${escapeHtml(details)}` : ''}</li>`;
  });
  return `<h4>Answers to failed deliveries</h4>\n<ul>\n${items.join('\n')}\n</ul>`;
}

function party(p: SandboxParty): string {
  return `${p.name}, ${p.city} ${p.pincode}`;
}

function indiaTime(at: Date): string {
  return at.toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' });
}
