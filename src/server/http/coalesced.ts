// A burst of catalog changes gives one drop of the kept pages, not one per change (ADR 0036): each
// drop makes every visitor page a render again, and anyone who can change something (a like) could
// otherwise keep every instance rendering. The first change is acted on at once, so a quiet store
// shows it straight away; changes that follow within the window are acted on together at its end,
// so a page kept before them is served for at most the window. A page rendered after that last
// drop is rendered after every change it folded in.

type Schedule = (run: () => void, ms: number) => void;

const unrefTimeout: Schedule = (run, ms) => setTimeout(run, ms).unref();

/**
 * `act`, called at the first call and then at most once per `windowMs` while calls keep coming:
 * at the end of each window in which any came. A window of 0 acts on every call.
 */
export function coalesced(act: () => void, windowMs: number, schedule: Schedule = unrefTimeout): () => void {
  let open = false;
  let more = false;
  const close = () => {
    if (!more) {
      open = false;
      return;
    }
    more = false;
    act();
    schedule(close, windowMs);
  };
  return () => {
    if (windowMs === 0) return act();
    if (open) {
      more = true;
      return;
    }
    open = true;
    act();
    schedule(close, windowMs);
  };
}
