// How a drop's moment and limits read, on the pages and in the server's refusals alike. A drop goes
// live at a moment; shoppers read it in India's time, whatever their device's zone.

const dropDay = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});
const dropClock = new Intl.DateTimeFormat('en-IN', {
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Asia/Kolkata',
});

/** The date and time a drop goes live, in India: '5 December 2026' and '8:00 pm'. */
export function dropMoment(at: Date): { date: string; time: string } {
  return { date: dropDay.format(at), time: dropClock.format(at) };
}

/** What a drop's product and its card show until it goes live. */
export function dropsLabel(at: Date): string {
  const { date, time } = dropMoment(at);
  return `Drops ${date}, ${time}`;
}

/** The refusal of holding or buying a product before its drop. */
export function dropsOnMessage(at: Date): string {
  const { date, time } = dropMoment(at);
  return `This drops on ${date} at ${time}.`;
}

/** The most units of a drop a shopper may have: of each size, and in all (undefined: no limit). */
export interface DropLimits {
  perSize?: number | undefined;
  total?: number | undefined;
}

/** What a drop's limits read as on its product page, or undefined when it has none. */
export function dropLimitsLine({ perSize, total }: DropLimits): string | undefined {
  const parts = [
    perSize ? `${perSize} per size` : undefined,
    total ? `${total} ${total === 1 ? 'item' : 'items'} in all` : undefined,
  ].filter(Boolean);
  return parts.length > 0 ? `Limited: ${parts.join(', ')} per shopper.` : undefined;
}

/** The refusal of taking more of a drop than a shopper's limit, with how many they may still take. */
export function overDropLimitMessage(
  limit: { perSize: number; size: string } | { total: number },
  left: number,
): string {
  const may = left > 0 ? `you may take ${left} more` : 'you have taken all you may';
  if ('size' in limit) {
    return `This drop allows ${limit.perSize} of each size per shopper: ${may} in size ${limit.size}.`;
  }
  return `This drop allows ${limit.total} ${limit.total === 1 ? 'item' : 'items'} per shopper: ${may}.`;
}

/** The time left until a moment, as the countdown shows it: '2d 04:05:09', '04:05:09'. */
export function countdownText(msLeft: number): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000));
  const days = Math.floor(seconds / 86_400);
  const clock = [Math.floor(seconds / 3600) % 24, Math.floor(seconds / 60) % 60, seconds % 60]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
  return days > 0 ? `${days}d ${clock}` : clock;
}

/** What a shopper waiting in a drop's line reads (server/drops/queue.ts), on its page and in refusals. */
export const QUEUE_MESSAGES = {
  title: (dropName: string) => `You are in line for ${dropName}`,
  ahead: (shoppers: number) =>
    shoppers === 0
      ? 'You are next.'
      : `${shoppers.toLocaleString('en-IN')} ${shoppers === 1 ? 'shopper is' : 'shoppers are'} ahead of you.`,
  wait: (seconds: number) =>
    `Your turn comes in about ${seconds < 60 ? `${seconds} ${seconds === 1 ? 'second' : 'seconds'}` : `${Math.ceil(seconds / 60)} minutes`}. This page opens the drop by itself then: keep it open.`,
  allTaken:
    'Every unit is sold or held for a payment right now. A unit whose payment is not finished comes back: keep your place for your turn at it.',
  checkAgain: 'Check my place',
  notYourTurn: 'You are in line for this drop: its page lets you in when your turn comes.',
  anotherShoppers: "This place in line is another shopper's: open the drop's page to take your own.",
} as const;
