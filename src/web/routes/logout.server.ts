// Sign-out (the navbar menu, the profile page): revokes this browser's session on the server and
// clears its cookie; then the page the form names, or home.
import { href, redirect } from 'react-router';

import { signOut } from '../../server/auth/login.ts';
import { getApp } from '../app-context.server.ts';
import { readForm } from '../form-body.server.ts';
import { safeLocalPath } from '../safe-path.ts';
import { cookieHeaders } from '../session.server.ts';
import type { Route } from './+types/logout';

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const target = safeLocalPath(form.get('redirectTo'));
  const headers = await signOut({ auth: getApp(context).auth }, request.headers);
  return redirect(target, { headers: cookieHeaders(headers) });
}

export function loader() {
  return redirect(href('/'));
}
