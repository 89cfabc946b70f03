// A small reverse proxy in front of several store instances, as a load balancer would be: each
// request goes to the next instance in turn, with X-Forwarded-For naming the client and
// X-Forwarded-Proto/Host the public side. Used by the two-instance test and `npm run bench:scale`.
import { createServer, request as forward, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  origin: string;
  /** Which instance (its index in `upstreams`) answered each request, in order. */
  answeredBy: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const answeredBy: number[] = [];
  const server: Server = createServer((incoming: IncomingMessage, outgoing) => {
    const index = next;
    next = (next + 1) % upstreams.length;
    answeredBy.push(index);
    const target = new URL(incoming.url ?? '/', upstreams[index]);
    const forwardedFor = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    const upstream = forward(
      target,
      {
        method: incoming.method,
        headers: {
          ...incoming.headers,
          host: target.host,
          'x-forwarded-for': forwardedFor,
          'x-forwarded-proto': 'http',
          'x-forwarded-host': incoming.headers.host ?? '',
        },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    answeredBy,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
