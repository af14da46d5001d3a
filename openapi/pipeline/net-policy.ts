/**
 * Which network addresses a document may make the build talk to, and a fetch that keeps to them.
 *
 * `publicAddress(ip)` is the one rule: an address is reachable only when it is a public unicast
 * address. Refused: unspecified, loopback, private (RFC 1918, IPv6 unique-local), carrier-grade NAT,
 * link-local (169.254/16, which holds the cloud metadata service 169.254.169.254, and fe80::/10),
 * multicast, broadcast and the reserved and documentation ranges; an IPv6 address that embeds an
 * IPv4 one (IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4
 * 2002::/16) is judged by the IPv4 address it carries.
 *
 * `fetchPublic` applies it after DNS resolution, on the connection itself: the request's `lookup`
 * refuses a name when any of its addresses is not public and connects to the address it checked
 * (no second resolution between the check and the connection), and an IP literal is checked before
 * any request. Redirects are not followed (a 3xx answer is an error naming the status), so an
 * allowed host cannot send the build on to another one.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

const V4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

const V6_BLOCKED: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const v4Blocked = new net.BlockList();
for (const [prefix, bits] of V4_BLOCKED) v4Blocked.addSubnet(prefix, bits, 'ipv4');
const v6Blocked = new net.BlockList();
for (const [prefix, bits] of V6_BLOCKED) v6Blocked.addSubnet(prefix, bits, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (an embedded dotted IPv4 tail included). */
function ipv6Groups(ip: string): number[] {
  let text = ip.toLowerCase().replace(/%.*$/, '');
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : new Array(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => parseInt(g || '0', 16));
}

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4), if any. */
function embeddedIpv4(ip: string): string | undefined {
  const g = ipv6Groups(ip);
  const dotted = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && g[5] === 0xffff) return dotted(g[6]!, g[7]!); // ::ffff:a.b.c.d
  if (zero(0, 6) && (g[6]! !== 0 || g[7]! > 1)) return dotted(g[6]!, g[7]!); // ::a.b.c.d
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return dotted(g[6]!, g[7]!); // 64:ff9b::/96
  if (g[0] === 0x2002) return dotted(g[1]!, g[2]!); // 6to4
  return undefined;
}

/** True when `ip` is a public unicast address (see the file comment for what is refused). */
export function publicAddress(ip: string): boolean {
  const family = net.isIP(ip.replace(/%.*$/, ''));
  if (family === 4) return !v4Blocked.check(ip, 'ipv4');
  if (family !== 6) return false;
  const inner = embeddedIpv4(ip);
  if (inner !== undefined) return publicAddress(inner);
  return !v6Blocked.check(ip.replace(/%.*$/, ''), 'ipv6');
}

/** Thrown when a host resolves to (or is) an address the rule refuses. */
export class AddressRefused extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} ${host === address ? 'is' : `resolves to ${address}, which is`} a loopback, private, link-local or reserved address`);
    this.name = 'AddressRefused';
  }
}

/** A `lookup` for http(s).request: resolves every address, refuses the name unless all are public. */
const publicLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { all: true, family: (options as dns.LookupOptions).family ?? 0 }, (error, addresses) => {
    if (error) return (callback as (e: Error) => void)(error);
    const bad = addresses.find((a) => !publicAddress(a.address));
    if (bad) return (callback as (e: Error) => void)(new AddressRefused(hostname, bad.address));
    const first = addresses[0];
    if (!first) return (callback as (e: Error) => void)(new Error(`${hostname} has no address`));
    if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
    callback(null, first.address, first.family);
  });
};

export interface FetchedText {
  body: string;
  contentType?: string;
}

export interface FetchPublicOptions {
  timeoutMs?: number;
  maxBytes?: number;
}

/**
 * GET `url` (http or https) from a public address only, without following redirects; the body as
 * text. Rejects with AddressRefused, or an Error naming the status, the size or the time limit.
 */
export function fetchPublic(url: URL, options: FetchPublicOptions = {}): Promise<FetchedText> {
  const { timeoutMs = 15_000, maxBytes = 20 * 1024 * 1024 } = options;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !publicAddress(host)) return Promise.reject(new AddressRefused(host, host));
  const client = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : undefined;
  if (!client) return Promise.reject(new Error(`${url.protocol} URLs are not fetched`));
  return new Promise((resolve, reject) => {
    const request = client.get(url, { lookup: publicLookup, timeout: timeoutMs, headers: { accept: 'application/json, application/yaml, text/yaml, */*;q=0.1' } }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        response.resume();
        reject(new Error(`the server answered ${status} (a redirect${response.headers.location ? ` to ${response.headers.location}` : ''}); redirects are not followed, name the final address`));
        return;
      }
      if (status !== 200) {
        response.resume();
        reject(new Error(`the server answered ${status}`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          request.destroy(new Error(`the answer is larger than ${maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => resolve({ body: Buffer.concat(chunks).toString('utf8'), contentType: response.headers['content-type'] }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
  });
}
