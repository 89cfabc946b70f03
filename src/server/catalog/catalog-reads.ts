// The catalog's reads that every request for a page makes alike, signed in or not: kept in memory
// until the catalog changes (the same notices as the visitor pages' cache, ADR 0032), so that a
// shopper's page spends its queries on what is the shopper's own.
import type { Listening } from '../db/client.ts';
import { catalogCache } from '../shared/catalog-cache.ts';

export interface CatalogReads {
  /**
   * What `load` gives for `key`, from memory when it was read since the catalog last changed (an
   * undefined, for something not found, is never kept).
   */
  read<T extends object | undefined>(key: string, load: () => Promise<T>): Promise<T>;
  purge(): void;
  setListening(listening: Listening | undefined): void;
}

export function createCatalogReads(): CatalogReads {
  // A product page's reads are a few kilobytes; a thousand of them is a few megabytes.
  const kept = catalogCache<object>({ maxAgeMs: 60_000, maxWeight: 1000 });
  return {
    async read<T extends object | undefined>(key: string, load: () => Promise<T>) {
      return (await kept.get(key, load)).value as T;
    },
    purge: kept.purge,
    setListening: kept.setListening,
  };
}
