// 'Notify me' (docs/drops.md) in words: what the product page's forms answer, and how the link
// pages and the emails name what someone waits for. One source, so a page and its email agree.
import { dropMoment } from './drops.ts';

export const NOTIFY_MESSAGES = {
  /** A visitor's sign-up, new or not: the answer never says whether the address was there already. */
  checkInbox: 'Almost done: check your inbox and open the link we sent to confirm your email.',
  dropLive: 'This drop is live now: you can buy it.',
  dropNotFound: 'This drop no longer exists.',
  productNotFound: 'Product not found',
  chooseSize: 'Please choose a size to be told of.',
  chooseTarget: 'Choose a drop, or a product and one of its sizes.',
  sizeNotOffered: (size: string) => `This product does not come in size ${size}.`,
  inStock: (size: string) => `Size ${size} is in stock: you can buy it now.`,
  beforeDrop: 'This is not on sale yet: ask to hear when its drop goes live.',
  linkNotValid:
    'This link is not valid any more: it was used to unsubscribe, or a newer email from us has a newer link.',
} as const;

/** What a request waits for. */
export type NotifyTarget =
  { kind: 'drop'; dropName: string; goesLiveAt: Date } | { kind: 'size'; productName: string; size: string };

/** A signed-in shopper's sign-up, new or not (their account's address is the one kept). */
export function signedUpMessage(email: string, size: string | undefined): string {
  return size ? `Done: we'll email ${email} when size ${size} is back.` : `Done: we'll email ${email} when this drops.`;
}

/** What the email is about, after 'about': 'the drop “Winter Heat”', 'Midnight Hoodie in size M'. */
export function notifyAbout(target: NotifyTarget): string {
  return target.kind === 'drop' ? `the drop “${target.dropName}”` : `${target.productName} in size ${target.size}`;
}

/** When the email comes, after 'when': 'the drop “Winter Heat” goes live on 5 December 2026 at 8:00 pm'. */
export function notifyWhen(target: NotifyTarget): string {
  if (target.kind === 'size') return `${target.productName} is back in stock in size ${target.size}`;
  const { date, time } = dropMoment(target.goesLiveAt);
  return `the drop “${target.dropName}” goes live on ${date} at ${time}`;
}
