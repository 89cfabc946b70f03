import { useEffect, useRef, useState } from 'react';
import { href, Link } from 'react-router';
import { Icon } from './icon.tsx';

const POSTER_WIDTHS = [640, 960, 1280] as const;

/**
 * The poster, the home page's largest paint. React preloads it from the head, first of all links,
 * because the <img> asks for a high fetch priority (so the route adds no preload of its own).
 */
const HERO_POSTER = {
  src: '/media/hero-poster-960.webp',
  srcSet: POSTER_WIDTHS.map((w) => `/media/hero-poster-${w}.webp ${w}w`).join(', '),
  sizes: '100vw',
};

/**
 * The home page hero. The poster is a real image (the page's largest paint, with srcset); the
 * muted loop starts only after the page has loaded and never for people who prefer less motion.
 */
export function HeroVideo() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [started, setStarted] = useState(false);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const start = () => {
      video.preload = 'auto';
      video
        .play()
        .then(() => setStarted(true))
        .catch(() => {
          // Autoplay may be refused (data saver, power saving); the poster stays, which is fine.
        });
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => window.removeEventListener('load', start);
  }, []);

  return (
    <section className="relative isolate overflow-hidden bg-ink text-white" aria-labelledby="hero-title">
      <div className="relative aspect-video max-h-[80vh] w-full">
        <img
          src={HERO_POSTER.src}
          srcSet={HERO_POSTER.srcSet}
          sizes={HERO_POSTER.sizes}
          width={1280}
          height={720}
          alt=""
          fetchPriority="high"
          className="absolute inset-0 h-full w-full object-cover"
        />
        <video
          ref={videoRef}
          className="absolute inset-0 h-full w-full object-cover"
          src="/media/hero.mp4"
          muted
          loop
          playsInline
          preload="none"
          aria-hidden="true"
          tabIndex={-1}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
        />
        {/* WCAG 2.2.2: a looping video can be paused. */}
        {started ? (
          <button
            type="button"
            onClick={() => (playing ? videoRef.current?.pause() : void videoRef.current?.play())}
            aria-label={playing ? 'Pause background video' : 'Play background video'}
            className="absolute right-3 bottom-3 z-10 flex h-11 w-11 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80"
          >
            {playing ? <Icon name="pause" size={18} /> : <Icon name="play" size={18} />}
          </button>
        ) : null}
        <div className="absolute inset-0 hidden bg-gradient-to-t from-black/60 via-transparent to-transparent sm:block" />
      </div>
      {/* Below the artwork on phones, over its lower edge on wider screens. */}
      <div className="flex flex-col items-center px-4 py-5 text-center sm:absolute sm:inset-x-0 sm:bottom-0 sm:pb-12">
        {/* The artwork carries the brand name; this heading names the page for everyone else. */}
        <h1 id="hero-title" className="sr-only">
          Trap the Trend: streetwear made in India
        </h1>
        <p className="text-sm font-semibold tracking-[0.3em] uppercase">New season is here</p>
        <Link
          to={href('/products')}
          className="mt-4 inline-block rounded-full bg-brand px-10 py-3 text-base font-bold tracking-wide hover:bg-brand-dark"
        >
          SHOP NOW
        </Link>
      </div>
    </section>
  );
}
