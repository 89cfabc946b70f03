import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';

import { COLLECTIONS } from '../../common/catalog.ts';
import { productsPath } from '../paths.ts';
import { ListingTile } from './listing-tile.tsx';
import { Icon } from './icon.tsx';

// docs/product.md §9: a carousel under 1200 px wide, advancing every 3.5 s; a plain row of three
// above it (the stylesheet's `wide` breakpoint). The carousel is the browser's own: a list that
// scrolls sideways and snaps to its slides, so touch swiping needs no script; the script only moves
// it (buttons, dots, autoplay) and follows where it is (ADR 0033: Embla was 8.2 KB of first load).
const AUTOPLAY_MS = 3500;
const reducedMotionQuery = () => window.matchMedia('(prefers-reduced-motion: reduce)');
const prefersReducedMotion = () => reducedMotionQuery().matches;
function watchReducedMotion(change: () => void) {
  const query = reducedMotionQuery();
  query.addEventListener('change', change);
  return () => query.removeEventListener('change', change);
}

export function CollectionsCarousel() {
  const listRef = useRef<HTMLUListElement>(null);
  const [selected, setSelected] = useState(0);
  // Where two slides fit side by side there are fewer stops than collections; a row of three has one.
  const [stops, setStops] = useState<number>(COLLECTIONS.length);
  // WCAG 2.2.2: moving content can be paused; people who ask for less motion never get it on its own.
  const reducedMotion = useSyncExternalStore(watchReducedMotion, prefersReducedMotion, () => false);
  const [choice, setChoice] = useState<boolean>();
  const playing = choice ?? !reducedMotion;
  // It holds still while the pointer is over it or focus is inside it, as Embla's autoplay did.
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // No timers for a carousel nobody sees: off screen, or in a hidden tab.
  const [seen, setSeen] = useState(false);

  useEffect(() => {
    const list = listRef.current!;
    // The dot follows the list wherever it comes to rest: buttons, autoplay, or a swipe.
    const follow = () => {
      const points = snapPoints(list);
      setStops(points.length);
      setSelected(nearest(points, list.scrollLeft));
    };
    const resized = new ResizeObserver(follow);
    resized.observe(list);
    list.addEventListener('onscrollend' in window ? 'scrollend' : 'scroll', follow, { passive: true });
    let onScreen = false;
    const update = () => setSeen(onScreen && document.visibilityState === 'visible');
    const intersection = new IntersectionObserver((entries) => {
      for (const entry of entries) onScreen = entry.isIntersecting;
      update();
    });
    intersection.observe(list);
    document.addEventListener('visibilitychange', update);
    return () => {
      resized.disconnect();
      intersection.disconnect();
      list.removeEventListener('scrollend', follow);
      list.removeEventListener('scroll', follow);
      document.removeEventListener('visibilitychange', update);
    };
  }, []);

  // At either end, the arrows wrap around, as the autoplay does.
  const show = useCallback((index: number) => {
    const list = listRef.current;
    if (!list) return;
    const points = snapPoints(list);
    const target = (index + points.length) % points.length;
    setSelected(target);
    list.scrollTo({
      left: points[target],
      behavior: prefersReducedMotion() ? 'instant' : 'smooth',
    });
  }, []);

  // Pausing stops it for good (hover and focus no longer restart it) until Play. Each move, the
  // shopper's or its own, starts the 3.5 s again; after the last stop it goes back to the first.
  const running = playing && seen && !hovered && !focused && stops > 1;
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => show(selected + 1), AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [running, selected, show]);

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Collections slideshow"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => setFocused(event.currentTarget.contains(event.relatedTarget))}
    >
      {/* The list clips what overflows it, a focused slide's ring too: 4 px of padding leave it room,
          and the margin and scroll padding put the slides where they would stand without it. */}
      <ul
        ref={listRef}
        className="relative -m-1 flex snap-x snap-mandatory scroll-p-1 gap-4 overflow-x-auto overscroll-x-contain p-1 [scrollbar-width:none] wide:m-0 wide:grid wide:grid-cols-3 wide:overflow-visible wide:p-0 [&::-webkit-scrollbar]:hidden"
      >
        {COLLECTIONS.map((collection, index) => (
          <li
            key={collection.slug}
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${COLLECTIONS.length}`}
            className="min-w-0 shrink-0 basis-[80%] snap-start sm:basis-[45%]"
          >
            <ListingTile
              to={productsPath({ collection: collection.slug })}
              image={`/images/collections/${collection.slug}`}
              sizes="(min-width: 1200px) 380px, (min-width: 640px) 45vw, 80vw"
            >
              <span className="mt-3 block text-lg font-bold">{collection.name}</span>
            </ListingTile>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex items-center justify-center gap-3 wide:hidden">
        <RoundButton label="Previous collection" onClick={() => show(selected - 1)}>
          <Icon name="chevron-left" size={20} />
        </RoundButton>
        {Array.from({ length: stops }, (_, index) => (
          <button
            key={index}
            type="button"
            onClick={() => show(index)}
            aria-label={`Show slide ${index + 1} of ${stops}`}
            aria-current={index === selected}
            // From `sm` two slides fit side by side: two stops. The stylesheet hides the third dot
            // before the script has counted them, so the row does not move at hydration.
            className={`flex h-11 w-6 items-center justify-center ${index > 1 ? 'sm:hidden' : ''}`}
          >
            <span className={`block h-2.5 w-2.5 rounded-full ${index === selected ? 'bg-ink' : 'bg-black/25'}`} />
          </button>
        ))}
        <RoundButton label="Next collection" onClick={() => show(selected + 1)}>
          <Icon name="chevron-right" size={20} />
        </RoundButton>
        <RoundButton label={playing ? 'Pause slideshow' : 'Play slideshow'} onClick={() => setChoice(!playing)}>
          {playing ? <Icon name="pause" size={18} /> : <Icon name="play" size={18} />}
        </RoundButton>
      </div>
    </div>
  );
}

/** A control of the carousel: a round button named by its label, with an icon. */
function RoundButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="flex h-11 w-11 items-center justify-center rounded-full border border-black/20"
    >
      {children}
    </button>
  );
}

/**
 * Where the list can come to rest: each slide's start (counted from the first's, as the list's
 * padding stands before it), the last ones at the end of the scroll.
 */
function snapPoints(list: HTMLElement): number[] {
  const end = list.scrollWidth - list.clientWidth;
  const first = (list.firstElementChild as HTMLElement | null)?.offsetLeft ?? 0;
  const points: number[] = [];
  for (const slide of list.children) {
    const point = Math.min((slide as HTMLElement).offsetLeft - first, end);
    if (!points.length || point - points.at(-1)! > 1) points.push(point);
  }
  return points;
}

function nearest(points: number[], scrollLeft: number): number {
  let best = 0;
  points.forEach((point, index) => {
    if (Math.abs(point - scrollLeft) < Math.abs(points[best]! - scrollLeft)) best = index;
  });
  return best;
}
