/**
 * A queue served in idle time, in slices short enough never to be a long task.
 *
 * An idle callback may be given up to 50 ms; filling it is harmless on the machine that runs it,
 * but a phone four times slower spends 200 ms on the same work, and Lighthouse's mobile run counts
 * such a task as blocking (its simulation multiplies each task by its 4× CPU slowdown). So each
 * call does at most `sliceMs` of work (8 ms: 32 ms on that phone, under the 50 ms threshold), and
 * at least one item, since a callback run by its timeout on a busy page has no idle time left.
 * Pure: the idle scheduler and the clock are passed in (src/clientModules/idle-prefetch.ts).
 */
export interface IdleDeadline {
  timeRemaining(): number;
}

export interface IdleQueueOptions<T> {
  whenIdle: (serve: (deadline: IdleDeadline) => void) => void;
  now: () => number;
  /** Most milliseconds of work per idle callback (after the first item). */
  sliceMs: number;
  /** Does one item; may return items to do next, before the rest of the queue (a job split in steps). */
  work: (item: T) => T[] | void;
}

export function createIdleQueue<T>({whenIdle, now, sliceMs, work}: IdleQueueOptions<T>): (item: T) => void {
  const queue: T[] = [];
  let scheduled = false;
  const serve = (deadline: IdleDeadline) => {
    scheduled = false;
    const started = now();
    do {
      const next = work(queue.shift()!);
      if (next?.length) queue.unshift(...next);
    } while (queue.length > 0 && deadline.timeRemaining() > 1 && now() - started < sliceMs);
    if (queue.length > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    whenIdle(serve);
  };
  return (item: T) => {
    queue.push(item);
    schedule();
  };
}
