import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

const POSTER_WIDTHS = [640, 1280] as const;

/**
 * The home page hero. The poster is a real image (the page's largest paint, with srcset); the
 * muted loop starts only after the page has loaded and never for people who prefer less motion.
 */
export function HeroVideo() {
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const start = () => {
      video.preload = 'auto';
      video.play().catch(() => {
        // Autoplay may be refused (data saver, power saving); the poster stays, which is fine.
      });
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => window.removeEventListener('load', start);
  }, []);

  return (
    <section className="relative isolate overflow-hidden bg-ink text-white" aria-labelledby="hero-title">
      <div className="relative aspect-[4/5] w-full sm:aspect-video lg:max-h-[80vh]">
        <img
          src="/media/hero-poster-1280.webp"
          srcSet={POSTER_WIDTHS.map((w) => `/media/hero-poster-${w}.webp ${w}w`).join(', ')}
          sizes="100vw"
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
        />
        <div className="absolute inset-0 bg-gradient-to-t from-black/70 via-black/20 to-transparent" />
        <div className="absolute inset-x-0 bottom-0 mx-auto max-w-7xl px-4 pb-10 sm:pb-16">
          <p className="text-sm font-semibold tracking-[0.3em] uppercase">New season</p>
          <h1 id="hero-title" className="mt-2 max-w-xl text-4xl leading-tight font-black uppercase sm:text-6xl">
            Wear the trend. Start one.
          </h1>
          <Link
            to="/products"
            className="mt-6 inline-block rounded-full bg-brand px-8 py-3 text-base font-bold tracking-wide hover:bg-brand-dark"
          >
            SHOP NOW
          </Link>
        </div>
      </div>
    </section>
  );
}
