// The server half of the route module api.notify.ts (ADR 0017): what runs only on the server.
import { href, redirect } from 'react-router';

import { signUpToNotify } from '../../server/notify/requests.ts';
import { getApp } from '../app-context.server.ts';
import { failureJson } from '../failures.server.ts';
import { notifyAnswerCookie } from '../notify-answer.server.ts';
import { getSessionUser } from '../session.server.ts';
import { readSubmission } from '../submission.server.ts';
import { withQuery } from '../paths.ts';
import type { Route } from './+types/api.notify';
import type { NotifyAnswer } from './api.notify.ts';

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await readSubmission(request);
  const user = await getSessionUser(context, request);
  const app = getApp(context);
  const result = await signUpToNotify(
    {
      db: app.db,
      jobs: app.jobs,
      limits: {
        signupsPerIp: app.config.rateLimits.notifySignupPerIp,
        confirmationsPerEmail: app.config.rateLimits.notifyConfirmationPerEmail,
      },
    },
    submission.body,
    { ip: app.clientIp, user },
  );
  if (submission.form) {
    // The answer waits in a cookie for the page it is shown on, which leads back to the product.
    const answer: NotifyAnswer = result.ok ? result : { ok: false, message: result.message };
    return redirect(withQuery(href('/notify'), { back: submission.returnTo }), {
      status: 303,
      headers: { 'Set-Cookie': notifyAnswerCookie(answer, app.config.publicUrl) },
    });
  }
  if (!result.ok) return failureJson(result);
  return Response.json({ ok: true, message: result.message } satisfies NotifyAnswer);
}
