// What better-auth's two-factor plugin leaves to us (ADR 0020): it challenges a password sign-in,
// but a Google sign-in would skip the second factor, so the OpenID callback gets the same
// challenge here; and the setup page shows the pending authenticator secret again on every load
// (the plugin returns it once, from the request that turns setup on).
import { createOTP } from '@better-auth/utils/otp';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthEndpoint, createAuthMiddleware } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString, symmetricDecrypt } from 'better-auth/crypto';
import { z } from 'zod';

/** The plugin's cookie naming a sign-in that waits for its code (better-auth's TWO_FACTOR_COOKIE_NAME). */
const CHALLENGE_COOKIE = 'two_factor';
/** How long a sign-in waits for its code: the plugin's default, used for both kinds of sign-in. */
export const CHALLENGE_SECONDS = 10 * 60;
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Where a sign-in that needs its code continues (routes/login.two-factor.tsx). */
const CHALLENGE_PATH = '/login/two-factor';

const OAUTH_CALLBACK_PATHS = new Set(['/callback/:id', '/oauth2/callback/:providerId']);

export function storeTwoFactor(issuer: string) {
  return {
    id: 'store-two-factor' as const,
    endpoints: {
      /** The authenticator URI of a setup not yet confirmed by a code; nothing once it is. */
      pendingTotpSetup: createAuthEndpoint.serverOnly(
        { method: 'POST', body: z.object({ userId: z.string() }) },
        async (ctx) => {
          const [row, user] = await Promise.all([
            ctx.context.adapter.findOne<{ secret: string; verified: boolean }>({
              model: 'twoFactor',
              where: [{ field: 'userId', value: ctx.body.userId }],
            }),
            ctx.context.internalAdapter.findUserById(ctx.body.userId),
          ]);
          if (!row || row.verified || !user) return ctx.json({ totpURI: null });
          const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
          const totpURI = createOTP(secret, { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS }).url(
            issuer,
            user.email,
          );
          return ctx.json({ totpURI });
        },
      ),
    },
    hooks: {
      after: [
        {
          matcher: (context) => OAUTH_CALLBACK_PATHS.has(context.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const signedIn = ctx.context.newSession;
            if (!(signedIn?.user as { twoFactorEnabled?: boolean } | undefined)?.twoFactorEnabled) return;
            // As the plugin does for a password: the new session goes, and a challenge stands in for it.
            deleteSessionCookie(ctx, true);
            await ctx.context.internalAdapter.deleteSession(signedIn!.session.token);
            ctx.context.setNewSession(null);
            const identifier = `2fa-${generateRandomString(20)}`;
            const expiresAt = new Date(Date.now() + CHALLENGE_SECONDS * 1000);
            await ctx.context.internalAdapter.createVerificationValue({
              value: signedIn!.user.id,
              identifier,
              expiresAt,
            });
            await ctx.context.internalAdapter.createVerificationValue({
              value: '0',
              identifier: `2fa-attempts-${identifier}`,
              expiresAt,
            });
            const cookie = ctx.context.createAuthCookie(CHALLENGE_COOKIE, { maxAge: CHALLENGE_SECONDS });
            await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
            throw ctx.redirect(CHALLENGE_PATH);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
