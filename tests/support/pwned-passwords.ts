// A stand-in for Have I Been Pwned's range API on 127.0.0.1: it knows the breached passwords a
// test gives it, answers as the real service does (suffix:count lines, padded with count-0 lines
// when asked), and keeps what it was asked, so a test can see that no more than a prefix left.
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';

export interface PwnedPasswordsStub {
  url: string;
  requests: { path: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

export async function pwnedPasswordsStub(breached: string[]): Promise<PwnedPasswordsStub> {
  const hashes = breached.map((password) => createHash('sha1').update(password).digest('hex').toUpperCase());
  const requests: PwnedPasswordsStub['requests'] = [];
  const server = createServer((request, response) => {
    requests.push({ path: request.url ?? '', headers: request.headers });
    const prefix = /^\/range\/([0-9A-F]{5})$/.exec(request.url ?? '')?.[1];
    if (!prefix) {
      response.writeHead(400).end();
      return;
    }
    const lines = hashes.filter((hash) => hash.startsWith(prefix)).map((hash) => `${hash.slice(5)}:42`);
    if (request.headers['add-padding'] === 'true') lines.push('0123456789ABCDEF0123456789ABCDEF012:0');
    response.writeHead(200, { 'content-type': 'text/plain' }).end(lines.join('\r\n'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the stub did not start');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
