// The usual setup of a route test whose store takes payments: a Razorpay sandbox of its own, and the
// test app pointed at it as it would be at Razorpay.
import { useTestApp } from './app.ts';
import { sandboxSettings, useSandbox } from './payments.ts';

/** useTestApp over a sandbox started before it, with the test's own settings `env` on top. */
export function useSandboxApp(env: Record<string, string> = {}) {
  const sandbox = useSandbox();
  return { sandbox, ...useTestApp(() => ({ ...sandboxSettings(sandbox), ...env })) };
}
