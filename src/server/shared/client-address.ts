// Who the client is (ADR 0018). The socket's peer is whoever opened the connection: behind a
// reverse proxy, the proxy. Proxies name the client in X-Forwarded-For, each appending the address
// it saw, and anyone can send that header with made-up entries in front. So the list is read from
// the right, and an entry is believed only while the hop that added it is a proxy the operator
// trusts (TRUST_PROXY): the proxies' addresses and ranges, or a number of hops. A hop count trusts
// whoever connects, so it is accepted only while the store listens on loopback (config.ts).
import { BlockList, isIP } from 'node:net';

export type TrustProxy =
  { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; list: BlockList; setting: string };

export const TRUST_NO_PROXY: TrustProxy = { kind: 'none' };

// Names for the ranges a proxy usually sits in, so an operator need not spell them out:
// `loopback` (a proxy on this machine) and `private` (loopback, RFC 1918 and unique-local IPv6: a
// proxy or load balancer in the same private network).
const LOOPBACK_RANGES = ['127.0.0.0/8', '::1/128'];
const NAMED_RANGES: Record<string, string[]> = {
  loopback: LOOPBACK_RANGES,
  private: [...LOOPBACK_RANGES, '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * Reads TRUST_PROXY: empty for no proxy, a hop count ("1"), or a comma-separated list of
 * addresses, CIDR ranges and the names `loopback` and `private` ("10.0.0.0/8, ::1", "private").
 * Throws an Error naming the bad entry.
 */
export function parseTrustProxy(setting: string | undefined): TrustProxy {
  const value = setting?.trim() ?? '';
  if (value === '' || value === '0') return TRUST_NO_PROXY;
  if (/^\d+$/.test(value)) return { kind: 'hops', hops: Number(value) };
  const list = new BlockList();
  const entries = value.split(',').flatMap((part) => NAMED_RANGES[part.trim().toLowerCase()] ?? [part.trim()]);
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const normalized = normalizeAddress(address);
    const family = normalized ? familyOf(normalized) : undefined;
    if (!normalized || !family || rest.length > 0)
      throw new Error(`"${entry}" is not an address, a CIDR range, "loopback" or "private"`);
    if (prefix === undefined) {
      list.addAddress(normalized, family);
      continue;
    }
    // A range written as IPv4-mapped IPv6 (`::ffff:10.0.0.0/104`) is kept as the IPv4 range it is.
    const mappedBits = family === 'ipv4' && isIP(address.trim()) === 6 ? 96 : 0;
    const bits = (/^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN) - mappedBits;
    if (!(bits >= 0 && bits <= (family === 'ipv4' ? 32 : 128))) throw new Error(`"${entry}" has a bad prefix length`);
    list.addSubnet(normalized, bits, family);
  }
  return { kind: 'addresses', list, setting: value };
}

/** Whether a HOST to listen on lets only this machine connect ('localhost', 127.x.x.x, ::1). */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || isLoopback(normalizeAddress(host));
}

/** Whether the socket's peer is a proxy we trust, so that its forwarded headers may be believed. */
export function isTrustedProxy(trust: TrustProxy, peer: string | undefined): boolean {
  const address = peer === undefined ? undefined : normalizeAddress(peer);
  return address !== undefined && trusts(trust, address, 0);
}

/**
 * The client's address: the socket's peer, or, when that is a trusted proxy, the nearest
 * X-Forwarded-For entry not added by a trusted proxy. Undefined when the peer is unknown
 * (in-process requests).
 */
export function clientAddress(
  trust: TrustProxy,
  peer: string | undefined,
  forwardedFor: string | undefined,
): string | undefined {
  let client = peer === undefined ? undefined : normalizeAddress(peer);
  if (client === undefined) return undefined;
  const forwarded = (forwardedFor ?? '').split(',').map((entry) => entry.trim());
  // hop 0 is the peer, hop 1 the rightmost X-Forwarded-For entry, and so on leftwards.
  for (let hop = 0; trusts(trust, client, hop) && forwarded.length > 0; hop += 1) {
    const next = normalizeAddress(forwarded.pop()!);
    // A trusted proxy forwarding something that is not an address: it is the last hop we know.
    if (next === undefined) break;
    client = next;
  }
  return client;
}

function trusts(trust: TrustProxy, address: string, hop: number): boolean {
  switch (trust.kind) {
    case 'none':
      return false;
    case 'hops':
      return hop < trust.hops;
    case 'addresses':
      return trust.list.check(address, familyOf(address));
  }
}

/**
 * What per-client rate limits count by: the address itself for IPv4, the /64 network for IPv6,
 * since one subscriber is usually given a whole /64 and could otherwise pick a new address per try.
 */
export function rateLimitKey(address: string | undefined): string {
  if (address === undefined) return 'unknown';
  if (familyOf(address) !== 'ipv6') return address;
  const groups = expandIpv6(address).slice(0, 4);
  return `${groups.map((group) => group.toString(16)).join(':')}::/64`;
}

/**
 * The network a rate-limit key belongs to: the /48 of an IPv6 /64 (a site is commonly given a /48,
 * 65,536 /64s it can move between), any other key itself. Per-email ceilings count by it.
 */
export function rateLimitNetworkKey(key: string): string {
  const network = /^([\da-f]{1,4}:[\da-f]{1,4}:[\da-f]{1,4}):[\da-f]{1,4}::\/64$/.exec(key);
  return network ? `${network[1]}::/48` : key;
}

export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  return address === '::1' || (familyOf(address) === 'ipv4' && address.startsWith('127.'));
}

/**
 * An address in one spelling per address: no brackets or port, IPv6 compressed and lower-case,
 * an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, how a dual-stack socket reports IPv4 peers) as
 * plain IPv4. Undefined for anything that is not an address.
 */
export function normalizeAddress(raw: string): string | undefined {
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  // A link-local peer's zone (`fe80::1%eth0`) names our own interface, not the client.
  value = value.replace(/%[\w.-]+$/, '');
  if (isIP(value) === 4) return value;
  if (isIP(value) !== 6) return undefined;
  const compressed = new URL(`http://[${value}]`).hostname.slice(1, -1);
  const mapped = /^::ffff:([\da-f]{1,4}):([\da-f]{1,4})$/.exec(compressed);
  if (!mapped) return compressed;
  const [high, low] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

function familyOf(address: string): 'ipv4' | 'ipv6' | undefined {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : undefined;
}

/** The eight 16-bit groups of a compressed IPv6 address (as normalizeAddress writes it). */
function expandIpv6(address: string): number[] {
  const [head = '', tail] = address.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
