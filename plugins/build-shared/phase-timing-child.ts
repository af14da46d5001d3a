/**
 * Loaded with `--require` into a build step's child process (runJobInChild) when the benchmark asks
 * for phase timings (./phase-timing.ts): when the child exits it appends one record for its whole
 * life, its CPU time and its peak RSS, named by the step and phase its parent gave it.
 */
import {isMainThread} from 'node:worker_threads';
import {appendRecord, CHILD_PHASE_ENV, maxRssBytes, TIMINGS_ENV} from './phase-timing';

const file = process.env[TIMINGS_ENV];
const [step, phase] = (process.env[CHILD_PHASE_ENV] ?? '').split('\t');
// Worker threads of the child (the search index's parse pool) inherit this preload: only the main
// thread writes the process's record.
if (file && step && phase && isMainThread) {
  process.on('exit', () => {
    const start = Math.round(performance.timeOrigin);
    const end = Date.now();
    const cpu = process.cpuUsage();
    appendRecord(file, {
      step,
      phase,
      pid: process.pid,
      start,
      end,
      wallMs: end - start,
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      maxRss: maxRssBytes(),
      calls: 1,
      wholeProcess: true,
    });
  });
}
