// An order's journey (server/orders/timeline.ts): the steps done with their dates, the parcel's
// tracking link once shipped with the courier's scans (newest first), and the steps still to come
// in grey.
import type { OrderTimeline as Timeline } from '../../server/orders/timeline.ts';

export function OrderTimeline({ timeline, label }: { timeline: Timeline; label: string }) {
  return (
    <ol aria-label={label} className="mt-4 grid gap-3 sm:grid-cols-4">
      {timeline.steps.map((step) => {
        const done = step.date !== undefined;
        return (
          <li
            key={step.label}
            className={`border-t-4 pt-2 text-sm ${done ? 'border-ink' : 'border-black/15 text-muted'}`}
          >
            <span className="block font-bold">{step.label}</span>
            <span className="block">{step.date ?? (timeline.stopped ? 'Not reached' : 'Not yet')}</span>
            {step.parcel && done ? (
              <span className="mt-1 block">
                {`${step.parcel.courier}, AWB ${step.parcel.awb}. `}
                <a href={step.parcel.trackingUrl} className="font-semibold underline" rel="noreferrer" target="_blank">
                  Track your parcel
                </a>
              </span>
            ) : null}
            {step.scans ? (
              <ol aria-label="Parcel updates" className="mt-2 space-y-1 border-l border-black/15 pl-2 text-xs">
                {step.scans.map((scan) => (
                  <li key={`${scan.date} ${scan.label} ${scan.activity}`}>
                    <span className="block font-semibold">{scan.label}</span>
                    {scan.activity ? <span className="block">{scan.activity}</span> : null}
                    <span className="block text-muted">
                      {scan.location ? `${scan.location}, ${scan.date}` : scan.date}
                    </span>
                  </li>
                ))}
              </ol>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
