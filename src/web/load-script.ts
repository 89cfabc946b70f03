// Loads a script once, failing after `timeoutMs` (docs/product.md §4: the payment script has 10 s).
const loading = new Map<string, Promise<void>>();

export function loadScript(src: string, timeoutMs: number): Promise<void> {
  const known = loading.get(src);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    const timer = setTimeout(() => {
      script.remove();
      reject(new Error(`${src} did not load within ${timeoutMs} ms`));
    }, timeoutMs);
    script.src = src;
    script.async = true;
    script.onload = () => {
      clearTimeout(timer);
      resolve();
    };
    script.onerror = () => {
      clearTimeout(timer);
      script.remove();
      reject(new Error(`${src} failed to load`));
    };
    document.head.appendChild(script);
  });
  // A failed load may be retried.
  loading.set(src, promise);
  promise.catch(() => loading.delete(src));
  return promise;
}
