/**
 * Which network addresses a document may make the build talk to, and a fetch that keeps to them.
 *
 * `publicAddress(ip)` is the one rule, shared with the request console's proxy
 * (plugins/try-it/proxy.ts): an address is reachable only when it is a public unicast address.
 * Refused: unspecified, loopback, private (RFC 1918, IPv6 unique-local), carrier-grade NAT,
 * link-local (169.254/16, which holds the cloud metadata service 169.254.169.254, and fe80::/10),
 * multicast, broadcast, Teredo and the reserved and documentation ranges, and the deprecated
 * IPv4-compatible ::a.b.c.d; an IPv6 address that embeds an IPv4 one (IPv4-mapped ::ffff:a.b.c.d,
 * NAT64 64:ff9b::/96, 6to4 2002::/16) is judged by the IPv4 address it carries.
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

/** The 16 bytes of an IPv6 address (with or without brackets, with an embedded dotted quad), or undefined. */
function ipv6Bytes(text: string): number[] | undefined {
  let s = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (quad) {
    const b = quad.slice(1).map(Number);
    s = `${s.slice(0, quad.index)}${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const words = (part: string) => (part ? part.split(':').map((w) => parseInt(w, 16)) : []);
  const head = words(halves[0]!);
  const tail = halves.length === 2 ? words(halves[1]!) : [];
  const all = halves.length === 2 ? [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail] : head;
  if (all.length !== 8 || all.some((w) => !(w >= 0 && w <= 0xffff))) return undefined;
  return all.flatMap((w) => [w >> 8, w & 0xff]);
}

const inV4 = (b: number[], net: number[], bits: number) => {
  for (let i = 0; i < 4; i++) {
    const take = Math.max(0, Math.min(8, bits - i * 8));
    const mask = (0xff << (8 - take)) & 0xff;
    if ((b[i]! & mask) !== (net[i]! & mask)) return false;
  }
  return true;
};

/** Not reachable from the public internet, or not a unicast host: [network, prefix length]. */
const NON_PUBLIC_V4: [number[], number][] = [
  [[0, 0, 0, 0], 8], // "this network"
  [[10, 0, 0, 0], 8], // private
  [[100, 64, 0, 0], 10], // carrier-grade NAT (Alibaba Cloud's metadata 100.100.100.200)
  [[127, 0, 0, 0], 8], // loopback
  [[169, 254, 0, 0], 16], // link-local (the cloud metadata address 169.254.169.254)
  [[172, 16, 0, 0], 12], // private
  [[192, 0, 0, 0], 24], // IETF protocol assignments (Oracle Cloud's metadata 192.0.0.192)
  [[192, 0, 2, 0], 24], // documentation
  [[192, 88, 99, 0], 24], // 6to4 relay anycast
  [[192, 168, 0, 0], 16], // private
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24], // documentation
  [[203, 0, 113, 0], 24], // documentation
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, broadcast
];

function isPublicV4(b: number[]): boolean {
  return !NON_PUBLIC_V4.some(([net, bits]) => inV4(b, net, bits));
}

/**
 * Whether an address is a public unicast address: not loopback, private, link-local, metadata,
 * carrier-grade NAT, documentation, multicast or reserved, in IPv4 or IPv6, including IPv4
 * addresses embedded in IPv6 (mapped, compatible, NAT64, 6to4). Anything unparsable is not public.
 */
export function publicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (net.isIP(bare) === 4) return isPublicV4(bare.split('.').map(Number));
  if (net.isIP(bare) !== 6) return false;
  const b = ipv6Bytes(bare);
  if (!b) return false;
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const v4 = (at: number) => isPublicV4(b.slice(at, at + 4));
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4(12); // ::ffff:a.b.c.d
  if (zeros(0, 12)) return false; // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b) return zeros(4, 12) ? v4(12) : false; // NAT64 64:ff9b::/96 (and the local 64:ff9b:1::/48)
  if (b[0] === 0x20 && b[1] === 0x02) return v4(2); // 6to4 2002:a.b.c.d::/16
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x00 && b[3] === 0x00) return false; // Teredo 2001::/32
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x0d && b[3] === 0xb8) return false; // documentation 2001:db8::/32
  if (b[0] === 0x01 && b[1] === 0x00 && zeros(2, 8)) return false; // discard 100::/64
  if ((b[0]! & 0xfe) === 0xfc) return false; // unique local fc00::/7 (AWS's metadata fd00:ec2::254)
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0x80) return false; // link-local fe80::/10
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0xc0) return false; // site-local fec0::/10
  if (b[0] === 0xff) return false; // multicast
  return true;
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
