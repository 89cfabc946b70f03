// The outside parties of the end-to-end tests, in one process that Playwright starts before the
// store: a real SMTP server that keeps what it receives, and a local OpenID Connect provider
// standing in for Google. A small HTTP control port lets tests read the mails and choose who the
// provider signs in next.
//
//   node tests/support/test-peers.ts <smtpPort> <oidcPort> <controlPort>
import { createServer } from 'node:http';

import { simpleParser } from 'mailparser';
import { OAuth2Server } from 'oauth2-mock-server';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The files that came with it, by name and type. */
  attachments: Array<{ filename: string; contentType: string }>;
  receivedAt: string;
}

export interface NextOidcUser {
  sub: string;
  email: string;
  given_name: string;
  family_name: string;
  /** Make the provider refuse the next authorisation instead. */
  error?: string;
}

const [smtpPort, oidcPort, controlPort] = process.argv.slice(2).map(Number);
if (!smtpPort || !oidcPort || !controlPort) throw new Error('usage: test-peers.ts <smtp> <oidc> <control>');

const mails: ReceivedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
        mails.push({
          to,
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          attachments: mail.attachments.map(({ filename, contentType }) => ({ filename: filename ?? '', contentType })),
          receivedAt: new Date().toISOString(),
        });
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});
await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

let nextUser: NextOidcUser = {
  sub: 'oidc-default',
  email: 'oidc@example.test',
  given_name: 'Oidc',
  family_name: 'User',
};
const oidc = new OAuth2Server();
await oidc.issuer.keys.generate('RS256');
const claims = () => ({
  sub: nextUser.sub,
  email: nextUser.email,
  email_verified: true,
  given_name: nextUser.given_name,
  family_name: nextUser.family_name,
  name: `${nextUser.given_name} ${nextUser.family_name}`,
});
oidc.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
  Object.assign(token.payload, claims());
});
oidc.service.on('beforeUserinfo', (response: { body: Record<string, unknown> }) => {
  response.body = claims();
});
oidc.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
  if (!nextUser.error) return;
  redirect.url.searchParams.delete('code');
  redirect.url.searchParams.set('error', nextUser.error);
});
await oidc.start(oidcPort, '127.0.0.1');

const control = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://control');
  const reply = (status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (req.method === 'GET' && url.pathname === '/ready') return reply(200, { ok: true });
  if (req.method === 'GET' && url.pathname === '/mails') {
    const to = url.searchParams.get('to')?.toLowerCase();
    return reply(200, to ? mails.filter((mail) => mail.to.toLowerCase().includes(to)) : mails);
  }
  if (req.method === 'POST' && url.pathname === '/oidc/next-user') {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    nextUser = JSON.parse(body) as NextOidcUser;
    return reply(200, { ok: true });
  }
  reply(404, { error: 'not found' });
});
control.listen(controlPort, '127.0.0.1');

const stop = () => {
  control.close();
  smtp.close(() => undefined);
  void oidc.stop().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
