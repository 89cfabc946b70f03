import type { EmblaCarouselType } from 'embla-carousel';
import type { AutoplayType } from 'embla-carousel-autoplay';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

import { COLLECTIONS } from '../../common/catalog.ts';
import { productsPath } from '../paths.ts';
import { ListingTile } from './listing-tile.tsx';
import { Icon } from './icon.tsx';

// SPEC §9: a carousel under 1200 px wide, advancing every 3.5 s; a plain row of three above it.
const WIDE = '(min-width: 1200px)';
const AUTOPLAY_MS = 3500;

export function CollectionsCarousel() {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType>();
  // WCAG 2.2.2: moving content can be paused; people who ask for less motion never get it.
  const makeAutoplay = useRef<() => AutoplayType>(undefined);
  const [canPlay, setCanPlay] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [selected, setSelected] = useState(0);
  // Where two slides fit side by side there are fewer stops than collections.
  const [stops, setStops] = useState<number>(COLLECTIONS.length);
  const loadNow = useRef<() => void>(undefined);

  // The carousel code loads once the carousel is on screen and the browser is idle, off the
  // critical path (issue 20); the slides are already in the server-rendered page.
  useEffect(() => {
    let api: EmblaCarouselType | undefined;
    let cancelled = false;
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      void Promise.all([import('embla-carousel'), import('embla-carousel-autoplay')]).then(
        ([{ default: EmblaCarousel }, { default: Autoplay }]) => {
          if (cancelled || !viewportRef.current) return;
          const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
          makeAutoplay.current = () =>
            Autoplay({ delay: AUTOPLAY_MS, stopOnInteraction: false, stopOnMouseEnter: true, stopOnFocusIn: true });
          api = EmblaCarousel(
            viewportRef.current,
            { loop: true, align: 'start', breakpoints: { [WIDE]: { active: false } } },
            reducedMotion ? [] : [makeAutoplay.current()],
          );
          setCanPlay(true);
          setPlaying(!reducedMotion);
          const onChange = (carousel: EmblaCarouselType) => {
            setSelected(carousel.selectedScrollSnap());
            setStops(carousel.scrollSnapList().length);
          };
          onChange(api);
          api.on('select', onChange).on('reInit', onChange);
          setEmbla(api);
        },
      );
    };
    // Reaching for the carousel (pointer or keyboard) loads it at once.
    loadNow.current = start;
    const stopWaiting = whenVisibleAndIdle(viewportRef.current, start);
    return () => {
      cancelled = true;
      stopWaiting();
      api?.destroy();
    };
  }, []);

  // Pausing removes the autoplay plugin, so no hover or focus can restart it.
  const togglePlaying = useCallback(() => {
    if (!embla || !makeAutoplay.current) return;
    embla.reInit({}, playing ? [] : [makeAutoplay.current()]);
    setPlaying(!playing);
  }, [embla, playing]);

  // At either end, the arrows wrap around, as the autoplay does.
  const previous = useCallback(() => {
    if (!embla) return;
    if (embla.canScrollPrev()) embla.scrollPrev();
    else embla.scrollTo(embla.scrollSnapList().length - 1);
  }, [embla]);
  const next = useCallback(() => {
    if (!embla) return;
    if (embla.canScrollNext()) embla.scrollNext();
    else embla.scrollTo(0);
  }, [embla]);

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Collections slideshow"
      onPointerEnter={() => loadNow.current?.()}
      onFocus={() => loadNow.current?.()}
    >
      <div ref={viewportRef} className="overflow-hidden">
        <ul className="-ml-4 flex wide:ml-0 wide:grid wide:grid-cols-3 wide:gap-4">
          {COLLECTIONS.map((collection, index) => (
            <li
              key={collection.slug}
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${COLLECTIONS.length}`}
              className="min-w-0 shrink-0 grow-0 basis-[80%] pl-4 sm:basis-[45%] wide:basis-auto wide:pl-0"
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
      </div>
      <div className="mt-4 flex items-center justify-center gap-3 wide:hidden">
        <RoundButton label="Previous collection" onClick={previous}>
          <Icon name="chevron-left" size={20} />
        </RoundButton>
        {Array.from({ length: stops }, (_, index) => (
          <button
            key={index}
            type="button"
            onClick={() => embla?.scrollTo(index)}
            aria-label={`Show slide ${index + 1} of ${stops}`}
            aria-current={index === selected}
            className="flex h-11 w-6 items-center justify-center"
          >
            <span className={`block h-2.5 w-2.5 rounded-full ${index === selected ? 'bg-ink' : 'bg-black/25'}`} />
          </button>
        ))}
        <RoundButton label="Next collection" onClick={next}>
          <Icon name="chevron-right" size={20} />
        </RoundButton>
        {canPlay ? (
          <RoundButton label={playing ? 'Pause slideshow' : 'Play slideshow'} onClick={togglePlaying}>
            {playing ? <Icon name="pause" size={18} /> : <Icon name="play" size={18} />}
          </RoundButton>
        ) : null}
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

/** Calls `run` once `element` is in the viewport and the main thread is idle. */
function whenVisibleAndIdle(element: Element | null, run: () => void): () => void {
  let cancelIdle = () => {};
  const schedule = () => {
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(run, { timeout: 2000 });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = globalThis.setTimeout(run, 200);
      cancelIdle = () => globalThis.clearTimeout(handle);
    }
  };
  if (!element || !('IntersectionObserver' in window)) {
    schedule();
    return () => cancelIdle();
  }
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    schedule();
  });
  observer.observe(element);
  return () => {
    observer.disconnect();
    cancelIdle();
  };
}
