import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';

import { countdownText, dropsLabel } from '../../common/drops.ts';

/** How often the countdown ticks, and how soon the page asks again while the server says "not yet". */
const TICK_MS = 1000;
const ASK_AGAIN_MS = 2000;

/** When a countdown on this page last asked: a listing's cards reaching zero together ask once. */
let lastAsked = 0;

/**
 * A drop still to come: its moment, and the time left by this device's clock. At zero the page
 * asks the server for its data again (the server decides when the drop is live; a device's clock
 * may run ahead), and asks every few seconds until the buy buttons come.
 */
export function DropCountdown({ at, compact = false }: { at: string; compact?: boolean }) {
  const moment = new Date(at);
  const [now, setNow] = useState(() => Date.now());
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const left = moment.getTime() - now;
  const ask = left <= 0 ? Math.floor(-left / ASK_AGAIN_MS) : -1;
  useEffect(() => {
    if (ask < 0 || Date.now() - lastAsked < ASK_AGAIN_MS / 2) return;
    lastAsked = Date.now();
    void revalidator.revalidate();
    // Only each new ask: the revalidator's own state changes must not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ask]);

  return (
    <div className={compact ? 'mt-1 text-xs' : 'mt-6 rounded-lg border-2 border-ink p-4'}>
      <p className={compact ? 'font-semibold' : 'text-lg font-black'}>{dropsLabel(moment)}</p>
      {/* The server's page shows the time left when it was made; the browser's clock takes over. */}
      <p role="timer" className={compact ? 'text-muted tabular-nums' : 'mt-1 tabular-nums'} suppressHydrationWarning>
        {left > 0 ? `Goes live in ${countdownText(left)}` : 'Going live…'}
      </p>
    </div>
  );
}
