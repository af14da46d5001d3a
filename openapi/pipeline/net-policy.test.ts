/**
 * net-policy.ts: the address rule at the edges of every refused range (first and last address,
 * and the addresses just outside), the checked DNS look-up shared with the proxy, and fetchPublic
 * against a real local server (the address rule narrowed to that server for the test).
 */
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {createServer, type IncomingHttpHeaders, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {AddressRefused, checkedLookup, fetchPublic, publicAddress, systemResolve, type Resolve} from './net-policy';

const refusedAll = (list: string[]) => {
  for (const a of list) assert.equal(publicAddress(a), false, `${a} is not public`);
};
const publicAll = (list: string[]) => {
  for (const a of list) assert.equal(publicAddress(a), true, `${a} is public`);
};

describe('publicAddress, IPv4: the first and last address of each refused range, and the addresses just outside', () => {
  const ranges: Array<[string, string, string, string[]]> = [
    // [name, first, last, just outside (public)]
    ['"this network" 0/8', '0.0.0.0', '0.255.255.255', ['1.0.0.0']],
    ['private 10/8', '10.0.0.0', '10.255.255.255', ['9.255.255.255', '11.0.0.0']],
    ['carrier-grade NAT 100.64/10', '100.64.0.0', '100.127.255.255', ['100.63.255.255', '100.128.0.0']],
    ['loopback 127/8', '127.0.0.0', '127.255.255.255', ['126.255.255.255', '128.0.0.0']],
    ['link-local 169.254/16', '169.254.0.0', '169.254.255.255', ['169.253.255.255', '169.255.0.0']],
    ['private 172.16/12', '172.16.0.0', '172.31.255.255', ['172.15.255.255', '172.32.0.0']],
    ['IETF protocol assignments 192.0.0/24', '192.0.0.0', '192.0.0.255', ['191.255.255.255', '192.0.1.0']],
    ['documentation 192.0.2/24', '192.0.2.0', '192.0.2.255', ['192.0.1.255', '192.0.3.0']],
    ['6to4 relay anycast 192.88.99/24', '192.88.99.0', '192.88.99.255', ['192.88.98.255', '192.88.100.0']],
    ['private 192.168/16', '192.168.0.0', '192.168.255.255', ['192.167.255.255', '192.169.0.0']],
    ['benchmarking 198.18/15', '198.18.0.0', '198.19.255.255', ['198.17.255.255', '198.20.0.0']],
    ['documentation 198.51.100/24', '198.51.100.0', '198.51.100.255', ['198.51.99.255', '198.51.101.0']],
    ['documentation 203.0.113/24', '203.0.113.0', '203.0.113.255', ['203.0.112.255', '203.0.114.0']],
    ['multicast 224/4', '224.0.0.0', '239.255.255.255', ['223.255.255.255']],
    ['reserved and broadcast 240/4', '240.0.0.0', '255.255.255.255', []],
  ];
  for (const [name, first, last, outside] of ranges) {
    test(name, () => {
      refusedAll([first, last]);
      publicAll(outside);
    });
  }
  test('the metadata services named in the rule, and ordinary public addresses', () => {
    refusedAll(['169.254.169.254', '100.100.100.200', '192.0.0.192']);
    publicAll(['8.8.8.8', '93.184.216.34', '1.1.1.1', '223.255.255.254']);
  });
});

describe('publicAddress, IPv6', () => {
  test('only global unicast 2000::/3 can be public: its first and last address, and the blocks either side', () => {
    publicAll(['2000::', '2606:4700:4700::1111', '3ffe:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '[2606:4700::1]']);
    refusedAll([
      '1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
      '4000::',
      '::',
      '::1',
      '[::1]',
      '::2',
      '1::',
      '100::',
      '100::ffff:ffff:ffff:ffff',
      '101::',
    ]);
    refusedAll([
      'fc00::',
      'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
      'fd00:ec2::254',
      'fe80::',
      'fe80::1%eth0',
      'febf:ffff::1',
      'fec0::1',
      'feff::1',
      'ff00::',
      'ff02::1',
      'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    ]);
  });

  test('IPv4-mapped ::ffff:0:0/96 is judged by the IPv4 address it carries (dotted or hex); its neighbours are not public at all', () => {
    refusedAll([
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      '::ffff:10.0.0.0',
      '::ffff:0.0.0.0',
      '[::ffff:192.168.0.1]',
    ]);
    publicAll([
      '::ffff:8.8.8.8',
      '::ffff:808:808',
      '::ffff:1.0.0.0',
      '0:0:0:0:0:ffff:5db8:d822',
      '::ffff:93.184.216.34',
      '::ffff:100.128.10.200',
    ]);
    publicAll(['::ffff:8.8.8.8%eth0']); // a zone is not part of the address
    refusedAll([
      '::ffff:10.0.0.1%eth0',
      '::fffe:8.8.8.8',
      '::1:ffff:8.8.8.8',
      '::ffff:0:8.8.8.8',
      '1::ffff:8.8.8.8',
      '::feff:8.8.8.8',
      '::ff:8.8.8.8',
    ]);
  });

  test('the deprecated IPv4-compatible ::a.b.c.d is refused even for a public IPv4 address', () => {
    refusedAll(['::8.8.8.8', '::127.0.0.1', '::0.0.0.2']);
  });

  test('NAT64 64:ff9b::/96 is judged by the IPv4 address it carries; the local-use 64:ff9b:1::/48 and other neighbours are refused', () => {
    publicAll(['64:ff9b::808:808', '64:ff9b::8.8.8.8', '64:ff9b::93.184.216.34']);
    refusedAll([
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::127.0.0.1',
      '64:ff9b::10.0.0.1',
      '64:ff9b:1::808:808',
      '64:ff9b::1:0:808:808',
      '64:ff9a::808:808',
      '64:fe9b::808:808',
      '65:ff9b::808:808',
      '164:ff9b::808:808',
      '64:ff9b:0:0:1::808:808',
    ]);
  });

  test('6to4 2002::/16 is judged by the IPv4 address in its next 32 bits', () => {
    publicAll(['2002:808:808::1', '2002:808:808:ffff:ffff:ffff:ffff:ffff']);
    refusedAll(['2002:7f00:1::1', '2002:a00:1::', '2002:a9fe:a9fe::', '2002:c0a8:101::1', '2002::', '2002:e000::1']);
    publicAll(['2003::1', '2001:200::1', '2002:100::']);
  });

  test('Teredo and the IETF protocol assignments 2001::/23 are refused, first to last; the block after is public', () => {
    refusedAll([
      '2001::',
      '2001::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2001:2::1',
      '2001:10::1',
      '2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff',
    ]);
    publicAll(['2001:200::', '2001:4860:4860::8888', '2000:ffff::1']);
  });

  test('documentation 2001:db8::/32 and 3fff::/20 are refused, first to last; their neighbours are public', () => {
    refusedAll(['2001:db8::', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', '3fff::', '3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff']);
    publicAll([
      '2001:db7:ffff:ffff:ffff:ffff:ffff:ffff',
      '2001:db9::',
      '2001:cb8::1',
      '2001:d38::1',
      '2001:db0::1',
      '3fff:1000::',
      '3ffe::1',
      '2fff::1',
      '3eff::1',
    ]);
  });

  test('anything that is not an IP address is not public', () => {
    refusedAll([
      '',
      'not-an-address',
      'example.com',
      '8.8.8',
      '8.8.8.8.8',
      '::g',
      '[8.8.8.8',
      '2606:4700::1111]x',
      '1:2:3:4:5:6:7:8:9',
      '[[2606:4700::1]]',
      '2[606:4700::1]',
      '[2606:4700::1]5',
      '[2606:4700::1',
      '2606:4700::1]',
    ]);
    publicAll(['[2606:4700::1]', '2606:4700:0:0:0:0:0:1', '2606:4700::', '1:2:3:4:5:6:7::'.replace(/^1/, '2606')]);
  });
});

describe('checkedLookup: the look-up of every connection', () => {
  type Ask = {error?: Error; addresses?: unknown; address?: string; family?: number};
  const names: Record<string, {address: string; family: number}[]> = {
    'metadata.test': [{address: '169.254.169.254', family: 4}],
    'mixed.test': [
      {address: '93.184.216.34', family: 4},
      {address: '10.0.0.1', family: 4},
    ],
    'v6-bad.test': [
      {address: '93.184.216.34', family: 4},
      {address: 'fd00:ec2::254', family: 6},
    ],
    'dual.test': [
      {address: '2606:4700::1', family: 6},
      {address: '93.184.216.34', family: 4},
      {address: '1.1.1.1', family: 4},
    ],
    'none.test': [],
  };
  const resolve: Resolve = async (h) => {
    if (h === 'fail.test') throw Object.assign(new Error('getaddrinfo ENOTFOUND fail.test'), {code: 'ENOTFOUND'});
    return names[h] ?? [];
  };
  const ask = (lookup: ReturnType<typeof checkedLookup>, host: string, options: object) =>
    new Promise<Ask>((done) =>
      (lookup as unknown as (h: string, o: object, cb: (...a: unknown[]) => void) => void)(host, options, (error, a, family) =>
        done(error ? {error: error as Error} : Array.isArray(a) ? {addresses: a} : {address: a as string, family: family as number}),
      ),
    );
  const lookup = checkedLookup(resolve);

  test('a name is refused when ANY of its addresses fails the rule, whichever family was asked for', async () => {
    for (const [host, bad] of [
      ['metadata.test', '169.254.169.254'],
      ['mixed.test', '10.0.0.1'],
      ['v6-bad.test', 'fd00:ec2::254'],
    ] as const) {
      for (const options of [{all: true}, {}, {family: 4}, {family: 'IPv4'}]) {
        const {error} = await ask(lookup, host, options);
        assert.ok(error instanceof AddressRefused, `${host} ${JSON.stringify(options)}`);
        assert.equal(error.message, `${host} resolves to ${bad}, which is a loopback, private, link-local or reserved address`);
        assert.equal(error.host, host);
        assert.equal(error.address, bad);
        assert.equal(error.name, 'AddressRefused');
      }
    }
  });

  test('the checked addresses are handed to the connection: all of them, or the first of the family asked for', async () => {
    assert.deepEqual(await ask(lookup, 'dual.test', {all: true}), {addresses: names['dual.test']});
    assert.deepEqual(await ask(lookup, 'dual.test', {}), {address: '2606:4700::1', family: 6});
    assert.deepEqual(await ask(lookup, 'dual.test', {family: 0}), {address: '2606:4700::1', family: 6});
    assert.deepEqual(await ask(lookup, 'dual.test', {family: 4}), {address: '93.184.216.34', family: 4});
    assert.deepEqual(await ask(lookup, 'dual.test', {family: 'IPv4'}), {address: '93.184.216.34', family: 4});
    assert.deepEqual(await ask(lookup, 'dual.test', {family: 6}), {address: '2606:4700::1', family: 6});
    assert.deepEqual(await ask(lookup, 'dual.test', {family: 'IPv6'}), {address: '2606:4700::1', family: 6});
    assert.deepEqual(await ask(lookup, 'dual.test', {family: 4, all: true}), {
      addresses: [
        {address: '93.184.216.34', family: 4},
        {address: '1.1.1.1', family: 4},
      ],
    });
  });

  test('no address (at all, or of the family asked for) is ENOTFOUND; a resolver error is passed on', async () => {
    for (const [host, options] of [
      ['none.test', {}],
      ['metadata.test', {family: 6}],
    ] as const) {
      const {error} = await ask(
        checkedLookup(resolve, () => true),
        host,
        options,
      );
      assert.equal(error?.message, `${host} has no address`);
      assert.equal((error as NodeJS.ErrnoException).code, 'ENOTFOUND');
    }
    const {error} = await ask(lookup, 'fail.test', {});
    assert.equal(error?.message, 'getaddrinfo ENOTFOUND fail.test');
  });

  test('the rule can be narrowed or lifted; by default it is publicAddress over the system resolver', async () => {
    assert.deepEqual(
      await ask(
        checkedLookup(resolve, () => true),
        'metadata.test',
        {},
      ),
      {address: '169.254.169.254', family: 4},
    );
    assert.ok(
      (
        await ask(
          checkedLookup(resolve, (a) => a === '1.1.1.1'),
          'dual.test',
          {},
        )
      ).error instanceof AddressRefused,
    );
    const local = await ask(checkedLookup(), 'localhost', {});
    assert.ok(local.error instanceof AddressRefused, 'localhost is loopback');
    assert.match(local.error.message, /^localhost resolves to (127\.0\.0\.1|::1), which is/);
    const sys = await systemResolve('localhost');
    assert.ok(
      sys.some((a) => a.address === '127.0.0.1' || a.address === '::1'),
      JSON.stringify(sys),
    );
    await assert.rejects(systemResolve('name.invalid'), (e: NodeJS.ErrnoException) => e.code === 'ENOTFOUND');
  });
});

describe('fetchPublic against a real server (the rule narrowed to 127.0.0.1, the only address the test may use)', () => {
  let server: Server;
  let port: number;
  const seen: {url: string; headers: IncomingHttpHeaders}[] = [];
  before(async () => {
    server = createServer((req, res) => {
      seen.push({url: req.url!, headers: req.headers});
      const m = /^\/status\/(\d+)(\/loc)?$/.exec(req.url!);
      if (m) {
        res.writeHead(Number(m[1]), m[2] ? {Location: 'http://10.0.0.1/next'} : {});
        return res.end('status body');
      }
      if (req.url === '/silent') return; // never answers
      if (req.url === '/cut') {
        res.writeHead(200, {'Content-Length': '100'});
        res.write('only ten b');
        setTimeout(() => res.socket?.destroy(), 50);
        return;
      }
      const size = /^\/bytes\/(\d+)$/.exec(req.url!);
      if (size) {
        res.writeHead(200, {'Content-Type': 'application/octet-stream'});
        return res.end('b'.repeat(Number(size[1])));
      }
      res.writeHead(200, {'Content-Type': 'application/yaml'});
      res.end('openapi: 3.1.0\ntitle: "é"\n');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const only = {
    addressAllowed: (a: string) => a === '127.0.0.1',
    resolve: (async (h: string) =>
      h === 'spec.test'
        ? [{address: '127.0.0.1', family: 4}]
        : h === 'inside.test'
          ? [
              {address: '127.0.0.1', family: 4},
              {address: '10.1.1.1', family: 4},
            ]
          : []) as Resolve,
  };
  const at = (path: string, host = '127.0.0.1') => new URL(`http://${host}:${port}${path}`);

  test('a 200 answer: its body as UTF-8 text and its content type; the request asks for JSON or YAML', async () => {
    assert.deepEqual(await fetchPublic(at('/spec.yaml'), only), {body: 'openapi: 3.1.0\ntitle: "é"\n', contentType: 'application/yaml'});
    assert.equal(seen.at(-1)!.headers.accept, 'application/json, application/yaml, text/yaml, */*;q=0.1');
    assert.deepEqual(
      await fetchPublic(at('/spec.yaml', 'spec.test'), only),
      {body: 'openapi: 3.1.0\ntitle: "é"\n', contentType: 'application/yaml'},
      'a name, through the checked look-up',
    );
  });

  test('by default the rule is publicAddress: a loopback literal or a name resolving to loopback is refused without a request', async () => {
    const before = seen.length;
    await assert.rejects(
      fetchPublic(at('/spec.yaml')),
      (e: Error) => e instanceof AddressRefused && e.message === '127.0.0.1 is a loopback, private, link-local or reserved address',
    );
    await assert.rejects(
      fetchPublic(at('/spec.yaml', 'localhost')),
      (e: Error) => e instanceof AddressRefused && /^localhost resolves to/.test(e.message),
    );
    await assert.rejects(
      fetchPublic(new URL(`http://[::1]:${port}/x`)),
      (e: Error) => e instanceof AddressRefused && e.message === '::1 is a loopback, private, link-local or reserved address',
    );
    await assert.rejects(
      fetchPublic(at('/spec.yaml', 'inside.test'), only),
      (e: Error) =>
        e instanceof AddressRefused &&
        e.message === 'inside.test resolves to 10.1.1.1, which is a loopback, private, link-local or reserved address',
    );
    assert.equal(seen.length, before, 'no request reached the server');
  });

  test('an https URL is fetched over TLS (here: refused by a plain HTTP server), not turned away', async () => {
    const before = seen.length;
    await assert.rejects(
      fetchPublic(new URL(at('/spec.yaml', 'spec.test').href.replace('http:', 'https:')), only),
      (e: Error) => !/are not fetched/.test(e.message) && !(e instanceof AddressRefused),
    );
    assert.equal(seen.length, before, 'no plain HTTP request was made');
  });

  test('an answer cut off mid-body is an error, not a hang', async () => {
    await assert.rejects(fetchPublic(at('/cut'), {...only, timeoutMs: 3000}), (e: Error) => !/no answer within/.test(e.message));
  });

  test('only http and https are fetched', async () => {
    await assert.rejects(fetchPublic(new URL('ftp://example.com/x'), only), (e: Error) => e.message === 'ftp: URLs are not fetched');
    await assert.rejects(fetchPublic(new URL('file:///etc/passwd'), only), (e: Error) => e.message === 'file: URLs are not fetched');
  });

  test('redirects (300 to 399) are not followed: the error names the status and where it pointed; any other status but 200 is an error', async () => {
    for (const status of [300, 301, 302, 307, 308, 399]) {
      await assert.rejects(
        fetchPublic(at(`/status/${status}/loc`), only),
        (e: Error) =>
          e.message ===
          `the server answered ${status} (a redirect to http://10.0.0.1/next); redirects are not followed, name the final address`,
        String(status),
      );
    }
    await assert.rejects(
      fetchPublic(at('/status/302'), only),
      (e: Error) => e.message === 'the server answered 302 (a redirect); redirects are not followed, name the final address',
    );
    for (const status of [201, 204, 299, 400, 404, 500]) {
      await assert.rejects(
        fetchPublic(at(`/status/${status}`), only),
        (e: Error) => e.message === `the server answered ${status}`,
        String(status),
      );
    }
  });

  test('the size limit: an answer of exactly maxBytes passes, one byte more fails; the default allows far more', async () => {
    assert.equal((await fetchPublic(at('/bytes/1000'), {...only, maxBytes: 1000})).body.length, 1000);
    await assert.rejects(
      fetchPublic(at('/bytes/1001'), {...only, maxBytes: 1000}),
      (e: Error) => e.message === 'the answer is larger than 1000 bytes',
    );
    assert.equal((await fetchPublic(at('/bytes/300000'), only)).body.length, 300000);
  });

  test('the time limit: no answer within timeoutMs is an error naming it', async () => {
    await assert.rejects(fetchPublic(at('/silent'), {...only, timeoutMs: 200}), (e: Error) => e.message === 'no answer within 200 ms');
  });
});
