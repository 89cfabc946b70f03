// An order's returns and exchanges on Your Orders (ADR 0025): each request's status, staff's
// message, the refund, and the new size's tracking link; and the way to ask, while the window is open.
import { Link } from 'react-router';

import { formatPaise } from '../../common/money.ts';
import { orderReturnPath } from '../paths.ts';

interface ShownReturn {
  id: string;
  summary: string;
  status: string;
  staffMessage: string | null;
  refundPaise: number | null;
  /** Where the refund goes or went, when the line above does not say it: 'Refund to store credit'. */
  refundNote: string | null;
  parcel: { courier: string; awb: string; trackingUrl: string } | null;
}

export function OrderReturns({
  orderId,
  number,
  window,
  returns,
}: {
  orderId: string;
  number: string;
  window: { open: boolean; lastDay: string } | null;
  returns: ShownReturn[];
}) {
  if (!window && returns.length === 0) return null;
  return (
    <div className="mt-4 border-t border-black/10 pt-3 text-sm">
      {returns.length > 0 ? (
        <ul aria-label={`Returns and exchanges of order #${number}`} className="space-y-2">
          {returns.map((request) => (
            <li key={request.id}>
              <span className="font-semibold">{request.summary}</span>
              {`: ${request.status}${request.refundPaise !== null ? `, ${formatPaise(request.refundPaise)} refunded` : ''}`}
              {request.refundNote ? <span className="block">{request.refundNote}</span> : null}
              {request.staffMessage ? (
                <span className="block text-muted">{`Our team: ${request.staffMessage}`}</span>
              ) : null}
              {request.parcel ? (
                <span className="block">
                  {`New size: ${request.parcel.courier}, AWB ${request.parcel.awb}. `}
                  <a
                    href={request.parcel.trackingUrl}
                    className="font-semibold underline"
                    rel="noreferrer"
                    target="_blank"
                  >
                    Track your new size
                  </a>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {window?.open ? (
        <p className="mt-2">
          <Link to={orderReturnPath(orderId)} className="font-semibold underline">
            {`Return or exchange items of order #${number}`}
          </Link>
          {` (until ${window.lastDay})`}
        </p>
      ) : window ? (
        <p className="mt-2 text-muted">{`Returns and exchanges closed on ${window.lastDay}.`}</p>
      ) : null}
    </div>
  );
}
