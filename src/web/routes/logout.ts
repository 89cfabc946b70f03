// Sign-out: its server half (logout.server.ts) revokes the session and clears the cookie.
export { action, loader } from './logout.server.ts';
