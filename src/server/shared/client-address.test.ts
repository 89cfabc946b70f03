import { describe, expect, it } from 'vitest';

import {
  clientAddress,
  isLoopback,
  isTrustedProxy,
  normalizeAddress,
  parseTrustProxy,
  rateLimitKey,
  rateLimitNetworkKey,
  TRUST_NO_PROXY,
  type TrustProxy,
} from './client-address.ts';

/** A socket peer, the X-Forwarded-For header it sent, and the client they come to. */
type ClientCase = [peer: string, forwarded: string | undefined, client: string];

function expectClients(trust: TrustProxy, cases: ClientCase[]) {
  for (const [peer, forwarded, client] of cases) {
    expect(clientAddress(trust, peer, forwarded), `${peer} ${forwarded}`).toBe(client);
  }
}

describe('without TRUST_PROXY', () => {
  const trust = parseTrustProxy(undefined);

  it('is the default, and "0" or blank mean the same', () => {
    expect(trust).toEqual(TRUST_NO_PROXY);
    expect(parseTrustProxy('0')).toEqual(TRUST_NO_PROXY);
    expect(parseTrustProxy('  ')).toEqual(TRUST_NO_PROXY);
  });

  it('takes the socket peer, whatever X-Forwarded-For says', () => {
    expectClients(trust, [
      ['203.0.113.7', undefined, '203.0.113.7'],
      ['203.0.113.7', '1.2.3.4', '203.0.113.7'],
      ['127.0.0.1', '1.2.3.4, 5.6.7.8', '127.0.0.1'],
    ]);
    expect(isTrustedProxy(trust, '127.0.0.1')).toBe(false);
  });

  it('knows no client for an in-process request', () => {
    expect(clientAddress(trust, undefined, '1.2.3.4')).toBeUndefined();
  });
});

describe('a hop count', () => {
  it('with one proxy: the entry that proxy appended, not what the client sent before it', () => {
    const trust = parseTrustProxy('1');
    expect(trust).toEqual({ kind: 'hops', hops: 1 });
    expect(clientAddress(trust, '10.0.0.2', '198.51.100.9')).toBe('198.51.100.9');
    // The client forged "1.2.3.4"; the proxy appended the address it saw.
    expect(clientAddress(trust, '10.0.0.2', '1.2.3.4, 198.51.100.9')).toBe('198.51.100.9');
    expect(isTrustedProxy(trust, '10.0.0.2')).toBe(true);
  });

  it('with two proxies: skips both', () => {
    const trust = parseTrustProxy('2');
    expect(clientAddress(trust, '10.0.0.2', '6.6.6.6, 198.51.100.9, 10.0.0.1')).toBe('198.51.100.9');
  });

  it('with fewer entries than hops: the leftmost entry there is', () => {
    expect(clientAddress(parseTrustProxy('3'), '10.0.0.2', '198.51.100.9')).toBe('198.51.100.9');
  });

  it('with the header missing: the peer', () => {
    expect(clientAddress(parseTrustProxy('1'), '10.0.0.2', undefined)).toBe('10.0.0.2');
    expect(clientAddress(parseTrustProxy('1'), '10.0.0.2', '')).toBe('10.0.0.2');
  });

  it('stops at an entry that is not an address, keeping the last hop it could read', () => {
    expect(clientAddress(parseTrustProxy('2'), '10.0.0.2', 'evil, unknown')).toBe('10.0.0.2');
    expect(clientAddress(parseTrustProxy('2'), '10.0.0.2', 'evil, 198.51.100.9')).toBe('198.51.100.9');
  });
});

describe('a list of proxies', () => {
  const trust = parseTrustProxy('10.0.0.0/8, 192.168.1.5, 2001:db8:ffff::/48, ::1');

  it('ignores the header from a peer that is not listed', () => {
    expect(clientAddress(trust, '192.168.1.6', '198.51.100.9')).toBe('192.168.1.6');
    expect(clientAddress(trust, '11.0.0.1', '10.0.0.1')).toBe('11.0.0.1');
    expect(isTrustedProxy(trust, '192.168.1.6')).toBe(false);
  });

  const clientsByRule: Record<string, ClientCase[]> = {
    'believes entries only while the hop that added them is listed': [
      ['10.1.1.1', '198.51.100.9', '198.51.100.9'],
      ['10.1.1.1', '1.2.3.4, 198.51.100.9, 192.168.1.5', '198.51.100.9'],
      ['192.168.1.5', '198.51.100.9', '198.51.100.9'],
    ],
    'walks all the way when every hop is listed: the leftmost entry': [['10.0.0.1', '10.0.0.3, 10.0.0.2', '10.0.0.3']],
    'handles IPv6 proxies and clients': [
      ['::1', '2001:DB8:1::7', '2001:db8:1::7'],
      ['2001:db8:ffff:12::1', '2001:db8:1::7', '2001:db8:1::7'],
      ['2001:db8:fffe::1', '2001:db8:1::7', '2001:db8:fffe::1'],
    ],
    'treats an IPv4-mapped IPv6 peer as the IPv4 address it is': [
      ['::ffff:10.0.0.9', '198.51.100.9', '198.51.100.9'],
      ['::ffff:11.0.0.9', '198.51.100.9', '11.0.0.9'],
      ['10.0.0.9', '::ffff:198.51.100.9', '198.51.100.9'],
    ],
    'reads entries with ports and brackets, as some proxies write them': [
      ['10.0.0.9', '198.51.100.9:4711', '198.51.100.9'],
      ['10.0.0.9', '[2001:db8:1::7]:4711', '2001:db8:1::7'],
    ],
  };
  for (const [rule, cases] of Object.entries(clientsByRule)) it(rule, () => expectClients(trust, cases));

  it('reads a range written as IPv4-mapped IPv6 as the IPv4 range it is', () => {
    const mapped = parseTrustProxy('::ffff:10.0.0.0/104');
    expect(isTrustedProxy(mapped, '10.2.3.4')).toBe(true);
    expect(isTrustedProxy(mapped, '::ffff:10.2.3.4')).toBe(true);
    expect(isTrustedProxy(mapped, '11.2.3.4')).toBe(false);
    expect(() => parseTrustProxy('::ffff:10.0.0.0/64')).toThrow('prefix length');
  });

  it('refuses entries that are not addresses or ranges, naming them', () => {
    expect(() => parseTrustProxy('10.0.0.0/8, proxy.internal')).toThrow(
      '"proxy.internal" is not an address, a CIDR range, "loopback" or "private"',
    );
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow('"10.0.0.0/33" has a bad prefix length');
    expect(() => parseTrustProxy('::/129')).toThrow('prefix length');
    expect(() => parseTrustProxy('10.0.0.0/8/1')).toThrow('"10.0.0.0/8/1"');
    expect(() => parseTrustProxy('10.0.0.0/x')).toThrow('prefix length');
    expect(() => parseTrustProxy('-1')).toThrow('"-1"');
  });
});

describe('the named ranges', () => {
  it('"loopback" is a proxy on this machine', () => {
    const trust = parseTrustProxy('loopback');
    expect(clientAddress(trust, '127.0.0.1', '198.51.100.9')).toBe('198.51.100.9');
    expect(clientAddress(trust, '::1', '198.51.100.9')).toBe('198.51.100.9');
    expect(isTrustedProxy(trust, '10.0.0.1')).toBe(false);
  });

  it('"private" is a proxy in a private network, or on this machine', () => {
    const trust = parseTrustProxy('Private');
    for (const proxy of ['127.0.0.1', '::1', '10.1.2.3', '172.16.0.1', '172.31.255.254', '192.168.5.5', 'fd12::1']) {
      expect(clientAddress(trust, proxy, '198.51.100.9'), proxy).toBe('198.51.100.9');
    }
    for (const outsider of ['172.32.0.1', '192.169.0.1', '11.0.0.1', '2001:db8::1', 'fe80::1']) {
      expect(isTrustedProxy(trust, outsider), outsider).toBe(false);
    }
  });

  it('never lets a client that reaches the store directly choose its address', () => {
    for (const setting of ['private', 'loopback', '10.0.0.0/8, private']) {
      const trust = parseTrustProxy(setting);
      // A loopback address would open /dev/mail in demo mode; another's address would use up their limits.
      expect(clientAddress(trust, '203.0.113.7', '127.0.0.1')).toBe('203.0.113.7');
      expect(clientAddress(trust, '2001:db8::7', '198.51.100.9, 10.0.0.1')).toBe('2001:db8::7');
    }
  });

  it('mix with addresses and ranges', () => {
    const trust = parseTrustProxy('loopback, 203.0.113.0/24');
    expect(clientAddress(trust, '203.0.113.4', '198.51.100.9, 127.0.0.1')).toBe('198.51.100.9');
  });
});

describe('rateLimitKey', () => {
  it('is the address for IPv4', () => {
    expect(rateLimitKey('198.51.100.9')).toBe('198.51.100.9');
  });

  it('groups IPv6 clients by their /64', () => {
    expect(rateLimitKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
  });

  it('puts every unknown client under one key', () => {
    expect(rateLimitKey(undefined)).toBe('unknown');
  });
});

describe('rateLimitNetworkKey', () => {
  it('is the /48 of an IPv6 key, and any other key itself', () => {
    expect(rateLimitNetworkKey(rateLimitKey('2001:db8:1:2:aaaa::1'))).toBe('2001:db8:1::/48');
    expect(rateLimitNetworkKey(rateLimitKey('2001:db8:1:ffff::9'))).toBe('2001:db8:1::/48');
    expect(rateLimitNetworkKey(rateLimitKey('2001:db8::1'))).toBe('2001:db8:0::/48');
    expect(rateLimitNetworkKey('198.51.100.9')).toBe('198.51.100.9');
    expect(rateLimitNetworkKey('unknown')).toBe('unknown');
  });
});

describe('normalizeAddress', () => {
  it('writes each address one way', () => {
    expect(normalizeAddress('2001:DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
    expect(normalizeAddress('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(normalizeAddress('::FFFF:0102:0304')).toBe('1.2.3.4');
    expect(normalizeAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(normalizeAddress(' 1.2.3.4 ')).toBe('1.2.3.4');
  });

  it('refuses what is not an address', () => {
    for (const value of ['', 'unknown', '1.2.3', '1.2.3.4.5', '999.1.1.1', 'localhost', '[1.2.3.4', ':::']) {
      expect(normalizeAddress(value), value).toBeUndefined();
    }
  });
});

describe('isLoopback', () => {
  it('is this machine only', () => {
    for (const address of ['127.0.0.1', '127.8.9.1', '::1']) expect(isLoopback(address), address).toBe(true);
    for (const address of ['10.0.0.1', '::2', '198.51.100.9', undefined]) expect(isLoopback(address)).toBe(false);
  });
});
