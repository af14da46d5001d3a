/** The benchmark's build steps (./steps.ts), the phase records behind them and the step table. */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CHILD_PHASE_ENV,
  childTimingArgs,
  parseRecords,
  PhaseClock,
  TIMINGS_ENV,
  type PhaseRecord,
} from '../../plugins/build-shared/phase-timing';
import {buildSteps, cpuAt, parsePerfLine, peakIn, type TimelineSample} from './steps';
import {cpuTicksOf} from './proc-tree';
import {stepsTable} from './report';
import {parseArgs} from './options';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'bench-steps-'));

test('parsePerfLine: Docusaurus step lines in ms and seconds, failed steps, other lines', () => {
  assert.deepEqual(parsePerfLine('[PERF] Build > en > SSG - 146.05 seconds! - (213mb -> 509mb)', 1000), {
    t: 1000,
    label: 'Build > en > SSG',
    durationMs: 146050,
  });
  assert.deepEqual(parsePerfLine('[PERF] Build > en > Load site > Load context - 136.46 ms - (127mb -> 172mb)', 5), {
    t: 5,
    label: 'Build > en > Load site > Load context',
    durationMs: 136.46,
  });
  assert.equal(parsePerfLine('[PERF][KO] Build > en > postBuild() - 2.00 seconds! - (1mb -> 2mb)', 9)?.label, 'Build > en > postBuild()');
  assert.equal(parsePerfLine('[PERF] Build > en > SSG > Load App renderer > Server bundle size = 1.922 MB', 1), null);
  assert.equal(parsePerfLine('[INFO] [en] Creating an optimized production build...', 1), null);
});

test('cpuAt interpolates the cumulative CPU time; peakIn takes the largest process within an interval', () => {
  const s = (t: number, cpuMs: number, largestRss: number, largestCommand = 'node'): TimelineSample => ({
    t,
    cpuMs,
    largestRss,
    largestCommand,
  });
  const timeline = [s(1000, 0, 100), s(1200, 300, 500, 'docusaurus build'), s(1400, 400, 200), s(1600, 800, 300)];
  assert.equal(cpuAt(timeline, 1100), 150);
  assert.equal(cpuAt(timeline, 1500), 600);
  assert.equal(cpuAt(timeline, 500), 0);
  assert.equal(cpuAt(timeline, 9999), 800);
  assert.ok(Number.isNaN(cpuAt([], 1)));
  assert.deepEqual(peakIn(timeline, 1100, 1450), {rss: 500, command: 'docusaurus build'});
  assert.deepEqual(peakIn(timeline, 1390, 1410), {rss: 200, command: 'node'});
  // No sample inside: the nearest one.
  assert.equal(peakIn(timeline, 1590, 1595).rss, 300);
});

test('cpuTicksOf sums utime, stime, cutime and cstime of /proc/PID/stat', () => {
  const stat = '4242 (node build) S 1 4242 4242 0 -1 4194304 100 0 0 0 250 50 7 3 20 0 11 0 1 1 1';
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  assert.equal(cpuTicksOf(fields), 250 + 50 + 7 + 3);
});

test('buildSteps: spec and gen:api with their parts, Docusaurus steps from its log, postBuild children, the rest', () => {
  const rec = (step: string, phase: string, start: number, end: number, cpuMs: number, extra: Partial<PhaseRecord> = {}): PhaseRecord => ({
    step,
    phase,
    pid: 1,
    start,
    end,
    wallMs: end - start,
    cpuMs,
    maxRss: 1e8,
    calls: 1,
    ...extra,
  });
  // The tree uses one CPU fully from t=0 to t=100 s: CPU over an interval = its length.
  const timeline: TimelineSample[] = Array.from({length: 501}, (_, i) => ({
    t: i * 200,
    cpuMs: i * 200,
    largestRss: i === 300 ? 2e9 : 1e8,
    largestCommand: i === 300 ? 'docusaurus build' : 'node',
  }));
  const records = [
    rec('spec', 'bundle', 1000, 4000, 2500, {concurrent: true}),
    rec('spec', 'total', 1000, 6000, 5000),
    rec('gen:api', 'page data', 7000, 15000, 6000, {calls: 1188}),
    rec('gen:api', 'total', 6500, 16000, 9000),
    rec('postBuild', 'search index', 81000, 90000, 7000, {wholeProcess: true, maxRss: 3e8}),
  ];
  const perf = [
    parsePerfLine('[PERF] Build > en > Load site - 10.00 seconds! - (1mb -> 2mb)', 30000)!,
    parsePerfLine('[PERF] Build > en > Load site > Load context - 100 ms - (1mb -> 2mb)', 20200)!,
    parsePerfLine('[PERF] Build > en > SSG - 40.00 seconds! - (1mb -> 2mb)', 75000)!,
    parsePerfLine('[PERF] Build > en > postBuild() - 15.00 seconds! - (1mb -> 2mb)', 91000)!,
    parsePerfLine('[PERF] Build > en - 80.00 seconds! - (1mb -> 2mb)', 95000)!,
  ];
  const steps = buildSteps({records, perf, timeline, run: {start: 0, end: 100_000, cpuMs: 100_000}});
  assert.deepEqual(
    steps.map((s) => [s.depth, s.name]),
    [
      [0, 'spec'],
      [1, 'bundle'],
      [0, 'gen:api'],
      [1, 'page data'],
      [0, 'Docusaurus: load site (plugins, MDX routes)'],
      [0, 'SSG'],
      [0, 'postBuild'],
      [1, 'search index'],
      [0, 'the rest (npm, tsx, gen:versions, Docusaurus start-up)'],
    ],
  );
  const by = new Map(steps.map((s) => [s.name, s]));
  // Steps: the tree's CPU over their interval; parts: their own process's.
  assert.equal(by.get('spec')!.cpuMs, 5000);
  assert.equal(by.get('spec')!.cpuFrom, 'tree');
  assert.equal(by.get('page data')!.cpuMs, 6000);
  assert.equal(by.get('page data')!.calls, 1188);
  assert.equal(by.get('bundle')!.concurrent, true);
  const ssg = by.get('SSG')!;
  assert.equal(ssg.wallMs, 40_000);
  assert.equal(ssg.cpuMs, 40_000);
  assert.equal(ssg.peakRss, 2e9);
  assert.equal(ssg.peakProcess, 'docusaurus build');
  assert.equal(by.get('postBuild')!.wallMs, 15_000);
  // A child process's own peak; none for a part inside a process (it shares the process's peak).
  assert.equal(by.get('search index')!.peakRss, 3e8);
  assert.ok(Number.isNaN(by.get('page data')!.peakRss));
  const rest = steps[steps.length - 1];
  assert.equal(rest.wallMs, 100_000 - (5000 + 9500 + 10_000 + 40_000 + 15_000));
  assert.equal(rest.cpuMs, 100_000 - (5000 + 9500 + 10_000 + 40_000 + 15_000));

  const md = stepsTable(steps);
  assert.match(md, /\| \*\*SSG\*\* \| 40\.0 s \| 40\.0 s \| 100 % \| 1\.86 GB \(docusaurus build\) \|/);
  assert.match(md, /\|   · page data \(1188×\) \| 8\.0 s \| 6\.0 s \| 75 % \| — \|/);
  assert.match(md, /\|   · search index \| 9\.0 s \| 7\.0 s \| 78 % \| 286 MB \|/);
  assert.match(md, /\|   · bundle \| 3\.0 s \| 2\.5 s † \| — \|/);
  // Without records or Docusaurus lines (a build that failed before them) there are no steps.
  assert.deepEqual(buildSteps({records: [], perf: [], timeline, run: {start: 0, end: 1, cpuMs: 1}}), []);
});

test('PhaseClock: nothing measured or written without PORTAL_BUILD_TIMINGS; sums per phase with it', async () => {
  const off = new PhaseClock('gen:api', undefined);
  assert.equal(off.enabled, false);
  assert.equal(
    off.time('x', () => 42),
    42,
  );
  off.flush();

  const dir = tmp();
  try {
    const file = path.join(dir, 'timings.jsonl');
    const clock = new PhaseClock('gen:api', file);
    for (let i = 0; i < 3; i++) clock.time('page data', () => i);
    clock.time('MDX pages', () => undefined, {concurrent: true});
    assert.throws(
      () =>
        clock.time('page data', () => {
          throw new Error('boom');
        }),
      /boom/,
    );
    // An async phase timed once per page is summed too; without `sum` it is a record of its own.
    for (let i = 0; i < 3; i++) await clock.timeAsync('waiting', () => Promise.resolve(i), {sum: true});
    await clock.timeAsync('downloads', () => Promise.resolve(), {concurrent: true});
    clock.flush();
    const records = parseRecords(readFileSync(file, 'utf8'));
    assert.deepEqual(
      records.map((r) => [r.step, r.phase, r.calls, r.concurrent ?? false]),
      [
        ['gen:api', 'downloads', 1, true],
        ['gen:api', 'page data', 4, false],
        ['gen:api', 'MDX pages', 1, true],
        ['gen:api', 'waiting', 3, false],
      ],
    );
    for (const r of records) {
      assert.equal(r.pid, process.pid);
      assert.ok(r.end >= r.start && r.wallMs >= 0 && r.cpuMs >= 0 && r.maxRss > 1e6);
    }
    // A torn last line (a killed process) is skipped.
    assert.equal(parseRecords(`${readFileSync(file, 'utf8')}{"step":"x","pha`).length, 4);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('childTimingArgs: a child started with it writes one record for its whole life when it exits', () => {
  assert.deepEqual(childTimingArgs('postBuild', 'search index', {}).execArgv, []);
  const dir = tmp();
  try {
    const file = path.join(dir, 'timings.jsonl');
    const timing = childTimingArgs('postBuild', 'search index', {...process.env, [TIMINGS_ENV]: file});
    assert.equal(timing.env[CHILD_PHASE_ENV], 'postBuild\tsearch index');
    // The parent holds 300 MB more than a small child needs: the child's peak must be its own.
    const ballast = Buffer.alloc(300 * 1024 * 1024, 1);
    const r = spawnSync(
      process.execPath,
      [
        '--require',
        require.resolve('tsx/cjs'),
        ...timing.execArgv,
        '-e', // A worker thread inherits the preload (the search index's parse pool): still one record.
        "const {Worker} = require('node:worker_threads'); let x = 0; for (let i = 0; i < 3e7; i++) x += i; new Worker('1', {eval: true}).on('exit', () => process.stdout.write(String(x > 0)))",
      ],
      {env: timing.env, encoding: 'utf8'},
    );
    assert.ok(ballast[ballast.length - 1] === 1 && process.memoryUsage().rss > 300 * 1024 * 1024);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, 'true');
    const records = parseRecords(readFileSync(file, 'utf8'));
    assert.equal(records.length, 1);
    assert.equal(records[0].step, 'postBuild');
    assert.equal(records[0].phase, 'search index');
    assert.equal(records[0].wholeProcess, true);
    assert.ok(records[0].cpuMs > 0 && records[0].wallMs > 0 && records[0].pid !== process.pid);
    assert.ok(records[0].maxRss > 1e6 && records[0].maxRss < 250 * 1024 * 1024, `child peak ${records[0].maxRss} bytes`);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('bench flags: --only takes every real document, --skip-foreign drops them all', () => {
  assert.deepEqual([...parseArgs(['--only=ghec,ec2,github-deref,autotask']).sections], ['ghec', 'ec2', 'github-deref', 'autotask']);
  assert.throws(() => parseArgs(['--only=gitlab']), /unknown section "gitlab"/);
  const sections = parseArgs(['--skip-foreign']).sections;
  assert.deepEqual([...sections], ['build', 'pages', 'search', 'scaling']);
});

test("buildSteps: a build in two processes (plugins/split-build) names the second one's steps and leaves out its skipped bundling", () => {
  const timeline: TimelineSample[] = Array.from({length: 501}, (_, i) => ({
    t: i * 200,
    cpuMs: i * 200,
    largestRss: 1e8,
    largestCommand: 'node',
  }));
  const perf = [
    parsePerfLine('[PERF] Build > en > Load site - 5.00 seconds! - (1mb -> 2mb)', 10000)!,
    parsePerfLine('[PERF] Build > en > Bundling with rspack - 30.00 seconds! - (1mb -> 2mb)', 40000)!,
    parsePerfLine('[PERF] Build > en > Load site - 5.00 seconds! - (1mb -> 2mb)', 50000)!,
    parsePerfLine('[PERF] Build > en > Bundling with rspack - 0.20 ms - (1mb -> 1mb)', 50001)!,
    parsePerfLine('[PERF] Build > en > SSG - 40.00 seconds! - (1mb -> 2mb)', 90001)!,
  ];
  const steps = buildSteps({records: [], perf, timeline, run: {start: 0, end: 100_000, cpuMs: 100_000}});
  assert.deepEqual(
    steps.map((s) => s.name),
    [
      'Docusaurus: load site (plugins, MDX routes)',
      'Bundling with rspack',
      'Docusaurus: load site (plugins, MDX routes) (second process)',
      'SSG',
      'the rest (npm, tsx, gen:versions, Docusaurus start-up)',
    ],
  );
});
