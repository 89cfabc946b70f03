// "Continue with Google": its server half (auth.google.server.ts) starts the OpenID flow.
export { action } from './auth.google.server.ts';
