/**
 * Which network addresses a document may make the build talk to, and a fetch that keeps to them.
 *
 * `publicAddress(ip)` is the one rule, shared with the request console's proxy
 * (plugins/api-console/proxy.ts): an address is reachable only when it is a public unicast address.
 * Refused in IPv4: "this network", private (RFC 1918), carrier-grade NAT, loopback, link-local
 * (169.254/16, which holds the cloud metadata service 169.254.169.254), IETF protocol assignments,
 * documentation, benchmarking, the 6to4 relay anycast, multicast, reserved and broadcast. In IPv6
 * only global unicast (2000::/3) can be public, so ::, ::1, the deprecated IPv4-compatible
 * ::a.b.c.d, discard, unique-local (fc00::/7, AWS's metadata fd00:ec2::254), link-local, site-local,
 * multicast and every reserved block are refused by that alone; within 2000::/3 the IETF protocol
 * assignments 2001::/23 (Teredo 2001::/32, benchmarking, ORCHID) and the documentation blocks
 * 2001:db8::/32 and 3fff::/20 are refused too. An IPv6 address that embeds an IPv4 one
 * (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) is judged by the IPv4
 * address it carries.
 *
 * `checkedLookup` applies it after DNS resolution, on the connection itself: it is the `lookup` of
 * the request, refuses a name when any of its addresses fails (AddressRefused) and connects to an
 * address it checked (no second resolution between the check and the connection). `fetchPublic`
 * (the build's reference fetches) and the proxy both use it; an IP literal is checked before any
 * request. fetchPublic does not follow redirects (a 3xx answer is an error naming the status), so
 * an allowed host cannot send the build on to another one.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/** The 16 bytes of an IPv6 address that net.isIP accepts (a zone "%eth0" and an embedded dotted quad allowed). */
function ipv6Bytes(text: string): number[] {
  let s = text.split('%')[0]!;
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (quad) {
    const b = quad.slice(1).map(Number);
    s = `${s.slice(0, quad.index)}${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}`;
  }
  // An empty part (before or after "::") is one 0 word, standing in for one of the zeros "::" means.
  const words = (part: string) => part.split(':').map((w) => parseInt(`0${w}`, 16));
  const [head, tail] = s.split('::').map(words);
  const all = tail ? [...head!, ...Array<number>(8 - head!.length - tail.length).fill(0), ...tail] : head!;
  return all.flatMap((w) => [w >> 8, w & 0xff]);
}

const int32 = (b: number[]) => ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;
/** Whether the IPv4 address `b` lies in net/bits (bits from 4 to 24 in the table below). */
const inV4 = (b: number[], net: number[], bits: number) => (int32(b) ^ int32(net)) >>> (32 - bits) === 0;

/** Not reachable from the public internet, or not a unicast host: [network, prefix length]. */
const NON_PUBLIC_V4: [number[], number][] = [
  // prettier-ignore
  // Stryker disable next-line ArrayDeclaration: an empty network reads as 0.0.0.0 (int32 reads missing bytes as 0), the network written here
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
 * Whether an address is a public unicast address (the rule of the file comment). Anything that is
 * not an IP address is not public.
 */
export function publicAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const version = net.isIP(bare);
  if (version === 4) return isPublicV4(bare.split('.').map(Number));
  if (version !== 6) return false;
  const b = ipv6Bytes(bare);
  const starts = (...prefix: number[]) => prefix.every((x, i) => b[i] === x);
  const v4 = (at: number) => isPublicV4(b.slice(at, at + 4));
  if (starts(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff)) return v4(12); // IPv4-mapped ::ffff:a.b.c.d
  if (starts(0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0)) return v4(12); // NAT64 64:ff9b::/96
  if ((b[0]! & 0xe0) !== 0x20) return false; // outside global unicast 2000::/3
  if (starts(0x20, 0x02)) return v4(2); // 6to4 2002:a.b.c.d::/16
  if (starts(0x20, 0x01) && b[2]! < 0x02) return false; // IETF protocol assignments 2001::/23 (Teredo 2001::/32)
  if (starts(0x20, 0x01, 0x0d, 0xb8)) return false; // documentation 2001:db8::/32
  if (starts(0x3f, 0xff) && b[2]! < 0x10) return false; // documentation 3fff::/20
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

/** How a host name becomes addresses. */
export type Resolve = (hostname: string) => Promise<{address: string; family: number}[]>;

/** The system resolver (dns.lookup): every address, in the order the system gives them. */
export const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) => dns.lookup(hostname, {all: true}, (e, addresses) => (e ? reject(e) : resolve(addresses))));

/**
 * A `lookup` for a connection (http(s).request and net.connect call it for every new connection):
 * resolves the host, refuses it with AddressRefused when ANY of its addresses fails `ok`, and
 * hands exactly the checked addresses (of the family asked for) to the connection, so the address
 * connected to is one that was checked.
 */
export function checkedLookup(resolve: Resolve = systemResolve, ok: (address: string) => boolean = publicAddress): net.LookupFunction {
  return ((hostname: string, options: {all?: boolean; family?: number | string}, callback: (...args: unknown[]) => void) => {
    resolve(hostname).then(
      (found) => {
        const bad = found.find((a) => !ok(a.address));
        if (bad) return callback(new AddressRefused(hostname, bad.address));
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : Number(options.family); // NaN when absent: any family
        const addresses = found.filter((a) => !family || a.family === family);
        if (!addresses.length) return callback(Object.assign(new Error(`${hostname} has no address`), {code: 'ENOTFOUND'}));
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (e: Error) => callback(e),
    );
  }) as net.LookupFunction;
}

export interface FetchedText {
  body: string;
  contentType?: string;
}

export interface FetchPublicOptions {
  timeoutMs?: number;
  maxBytes?: number;
  /** How host names become addresses (default: the system resolver). Tests inject one. */
  resolve?: Resolve;
  /** Which addresses may be connected to (default: publicAddress). Tests narrow it. */
  addressAllowed?: (address: string) => boolean;
}

/**
 * GET `url` (http or https) from a public address only, without following redirects; the body as
 * text. Rejects with AddressRefused, or an Error naming the status, the size or the time limit.
 */
export function fetchPublic(url: URL, options: FetchPublicOptions = {}): Promise<FetchedText> {
  const {timeoutMs = 15_000, maxBytes = 20 * 1024 * 1024, resolve: resolveName, addressAllowed = publicAddress} = options;
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname; // an IPv6 literal without its brackets
  if (net.isIP(host) && !addressAllowed(host)) return Promise.reject(new AddressRefused(host, host));
  const client = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : undefined;
  if (!client) return Promise.reject(new Error(`${url.protocol} URLs are not fetched`));
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        lookup: checkedLookup(resolveName, addressAllowed),
        timeout: timeoutMs,
        headers: {accept: 'application/json, application/yaml, text/yaml, */*;q=0.1'},
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
          reject(
            new Error(
              `the server answered ${status} (a redirect${response.headers.location ? ` to ${response.headers.location}` : ''}); redirects are not followed, name the final address`,
            ),
          );
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
            // Rejected here and the connection dropped without an error: request.destroy(error) once
            // the answer is streaming left that error to no listener (an uncaught exception).
            reject(new Error(`the answer is larger than ${maxBytes} bytes`));
            request.destroy();
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({body: Buffer.concat(chunks).toString('utf8'), contentType: response.headers['content-type']}));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
  });
}
