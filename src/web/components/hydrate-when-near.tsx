// A part of the page below the fold that hydrates on its own, later than the rest: when it comes
// within a screen of the viewport, when the shopper reaches into it (a touch, a key, focus), when
// the browser is next idle, or when the router's state first changes, whichever is first. Until
// then it is the server's HTML, whose links and forms work as plain HTML. The page keeps one React root: this is a Suspense boundary whose child
// suspends during the first hydration only, which React answers by leaving the server's HTML in
// place and coming back when the promise settles. Rendered by the browser itself (after a
// client-side navigation), it renders at once, like any other component.
import { memo, Suspense, use, useId, type ReactNode } from 'react';
import { useFetchers, useNavigation, useRevalidator } from 'react-router';

/** How far below the viewport a part starts hydrating: about a phone's screen. */
const NEAR_MARGIN = '800px 0px';
/** The longest the browser may stay busy before an idle part hydrates regardless. */
const IDLE_TIMEOUT_MS = 4_000;

/**
 * `data` is what the part shows (its loader data). While the part is still the server's HTML, a
 * render of the page with the same data (a state change above it) does not reach it: React answers
 * an update to a part not yet hydrated by rendering it anew, without its HTML. New data hydrates
 * the part at once, then updates it.
 */
export function HydrateWhenNear({ data, children }: { data: unknown; children: ReactNode }) {
  const id = useId();
  // React holds back every change of the router's state (a navigation, a fetcher's answer, a
  // revalidation) while any part is still the server's HTML: it cannot tell whether the part reads
  // that state, nor render it before it has hydrated. The first such change hydrates every part at
  // once (the first part to render starts them all: React may stop at it, before reaching the
  // rest), or a check's answer or a pressed button would wait for the parts to come near.
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const revalidator = useRevalidator();
  if (navigation.state !== 'idle' || fetchers.length > 0 || revalidator.state !== 'idle') {
    for (const hydrateNow of unhydrated.values()) hydrateNow();
  }
  return (
    <div data-hydrate-slice={id} className="contents">
      <Slice id={id} data={data}>
        {children}
      </Slice>
    </div>
  );
}

const Slice = memo(
  function Slice({ id, children }: { id: string; data: unknown; children: ReactNode }) {
    return (
      <Suspense fallback={null}>
        <WhenNear id={id}>{children}</WhenNear>
      </Suspense>
    );
  },
  (before, after) => {
    const hydrateNow = unhydrated.get(before.id);
    if (!hydrateNow) return false;
    if (before.data === after.data) return true;
    hydrateNow();
    return false;
  },
);

function WhenNear({ id, children }: { id: string; children: ReactNode }) {
  const waitingFor = typeof document === 'undefined' ? undefined : nearOrIdle(id);
  if (waitingFor) use(waitingFor);
  return children;
}

const waiting = new Map<string, Promise<void>>();
/** The parts still waiting, each with what hydrates it now. */
const unhydrated = new Map<string, () => void>();

/**
 * One promise per part of the server's HTML, settled by the first of: near the viewport, reached
 * into, the browser idle; kept once settled, so that React's retry reads it fulfilled. A part the
 * browser renders itself (after a client-side navigation) has no server HTML to wait on: the ids
 * React gives them are never those of the server's.
 */
function nearOrIdle(id: string): Promise<void> | undefined {
  const known = waiting.get(id);
  if (known) return known;
  const element = document.querySelector(`[data-hydrate-slice="${CSS.escape(id)}"]`);
  if (!element) return undefined;
  const promise = new Promise<void>((resolve) => {
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), {
      rootMargin: NEAR_MARGIN,
    });
    // `display: contents` has no box of its own to observe: its children do.
    for (const child of element.children) observer.observe(child);
    // On the window, ahead of React's own listener on the document: while the part is not
    // hydrated React stops these events there, and the click that follows finds it hydrated.
    const reach = (event: Event) => element.contains(event.target as Node) && done();
    const reachEvents = ['pointerdown', 'keydown', 'focusin'] as const;
    for (const type of reachEvents) window.addEventListener(type, reach, { capture: true, passive: true });
    const idle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS })
        : setTimeout(done, IDLE_TIMEOUT_MS);
    function done() {
      observer.disconnect();
      for (const type of reachEvents) window.removeEventListener(type, reach, { capture: true });
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle as number);
      else clearTimeout(idle);
      unhydrated.delete(id);
      resolve();
    }
    unhydrated.set(id, done);
  });
  waiting.set(id, promise);
  return promise;
}
