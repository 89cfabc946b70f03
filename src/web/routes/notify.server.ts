// The server half of the route module notify.tsx (ADR 0017): the answer the sign-up left in its
// cookie, shown once.
import { data } from 'react-router';

import { getApp } from '../app-context.server.ts';
import { clearedNotifyAnswerCookie, readNotifyAnswer } from '../notify-answer.server.ts';
import { safeLocalPath } from '../safe-path.ts';
import type { Route } from './+types/notify';

export function loader({ request, context }: Route.LoaderArgs) {
  const answer = readNotifyAnswer(request) ?? null;
  const back = new URL(request.url).searchParams.get('back');
  const headers = answer ? { 'Set-Cookie': clearedNotifyAnswerCookie(getApp(context).config.publicUrl) } : undefined;
  return data({ answer, back: back === null ? null : safeLocalPath(back) }, { headers });
}
