/**
 * Loopback servers of the console tests (the API a built copy of a fixture points at, an
 * authorization server): ports chosen before the copy is built, and the API's CORS answers.
 */
import {execFileSync} from 'node:child_process';
import type {IncomingMessage, ServerResponse} from 'node:http';

/**
 * `count` loopback ports the system hands out and frees at once, synchronously: the site is built
 * with them in its description before the test's before() hook listens on them again.
 */
export function freePorts(count: number): number[] {
  const script =
    "const n=require('net');const want=Number(process.argv[1]);const held=[];" +
    'const next=()=>{if(held.length===want){console.log(JSON.stringify(held.map((s)=>s.address().port)));held.forEach((s)=>s.close());return;}' +
    "const s=n.createServer().listen(0,'127.0.0.1',()=>{held.push(s);next();});};next();";
  return JSON.parse(execFileSync(process.execPath, ['-e', script, String(count)], {encoding: 'utf8'})) as number[];
}

/** The CORS headers a loopback API answers the site's origin with, allowing `methods`. */
export function corsHeaders(req: IncomingMessage, methods: string): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': String(req.headers.origin ?? '*'),
    'Access-Control-Allow-Headers': String(req.headers['access-control-request-headers'] ?? ''),
    'Access-Control-Allow-Methods': methods,
  };
}

/** Answers a CORS preflight (OPTIONS) and says so; any other request is left to the caller. */
export function answeredPreflight(req: IncomingMessage, res: ServerResponse, cors: Record<string, string>): boolean {
  if (req.method !== 'OPTIONS') return false;
  res.writeHead(204, cors).end();
  return true;
}
