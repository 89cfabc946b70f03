// What the caches of the catalog share (ADR 0032): values kept in memory for at most a while, all
// dropped when the catalog changes, and used only while the instance hears of changes. Concurrent
// requests for a value that is being loaded wait for that one load; a load that began before a
// change is not kept.
import type { Listening } from '../db/client.ts';

interface CatalogCache<T> {
  /**
   * The kept value of `key`, or the one `load` gives (kept when it is not undefined), and whether
   * it was kept already. While the instance does not hear of changes, `load` runs every time.
   */
  get(key: string, load: () => Promise<T | undefined>): Promise<{ value: T | undefined; kept: boolean }>;
  /** The kept value of `key` only (undefined when it is not kept, or not heard of changes). */
  peek(key: string): Promise<T | undefined>;
  /** Whether values are kept and served: only while the instance hears of changes. */
  readonly serving: boolean;
  /** Drops every value (the catalog changed). */
  purge(): void;
  /** Starts or stops serving, with the way to hear every change this process has made (Listening.catchUp). */
  setListening(listening: Listening | undefined): void;
}

export interface CatalogCacheOptions<T> {
  maxAgeMs: number;
  /** What the kept values may weigh in all, and what one weighs under its key (1 each by default). */
  maxWeight: number;
  weigh?: (value: T, key: string) => number;
  now?: () => number;
}

interface Entry<T> {
  value: T;
  storedAt: number;
  weight: number;
}

export function catalogCache<T>({ maxAgeMs, maxWeight, weigh = () => 1, now = Date.now }: CatalogCacheOptions<T>) {
  // Least recently asked for first (a Map keeps insertion order; a use moves its entry to the end).
  const kept = new Map<string, Entry<T>>();
  const loading = new Map<string, Promise<T | undefined>>();
  let weight = 0;
  let listening: Listening | undefined;
  let generation = 0;

  const drop = (key: string) => {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    weight -= entry.weight;
  };
  const keep = (key: string, value: T) => {
    drop(key);
    const entry = { value, storedAt: now(), weight: weigh(value, key) };
    kept.set(key, entry);
    weight += entry.weight;
    for (const oldest of kept.keys()) {
      if (weight <= maxWeight) break;
      drop(oldest);
    }
  };
  const purge = () => {
    generation++;
    kept.clear();
    weight = 0;
  };
  /** Whether every change made so far has been heard (a server's notices come on their own time). */
  const caughtUp = async () => {
    if (!listening) return false;
    try {
      await listening.catchUp();
      return listening !== undefined;
    } catch {
      return false;
    }
  };
  const fresh = (key: string) => {
    const entry = kept.get(key);
    if (!entry) return undefined;
    drop(key);
    if (now() - entry.storedAt >= maxAgeMs) return undefined;
    kept.set(key, entry);
    weight += entry.weight;
    return entry.value;
  };

  const store: CatalogCache<T> = {
    get serving() {
      return listening !== undefined;
    },
    async peek(key) {
      return (await caughtUp()) ? fresh(key) : undefined;
    },
    async get(key, load) {
      if (!(await caughtUp())) return { value: await load(), kept: false };
      const found = fresh(key);
      if (found !== undefined) return { value: found, kept: true };
      const pending = loading.get(key);
      if (pending) {
        const value = await pending;
        // Not keepable: the waiter loads its own.
        return value === undefined ? { value: await load(), kept: false } : { value, kept: true };
      }
      const startedIn = generation;
      const loaded = load();
      loading.set(key, loaded);
      try {
        const value = await loaded;
        if (value !== undefined && startedIn === generation && listening) keep(key, value);
        return { value, kept: false };
      } finally {
        loading.delete(key);
      }
    },
    purge,
    setListening(value) {
      purge();
      listening = value;
    },
  };
  return store;
}
