/** How many started tasks the queue may keep at its front before they are dropped. */
const COMPACT_AFTER = 1_024;

/**
 * Runs at most `max` async tasks at once; the rest wait in order. Keeps a full re-read of
 * thousands of services from flooding ZooKeeper with requests.
 *
 * A task that may start starts at once (synchronously, inside `run`); a waiting one starts
 * as soon as a running one settles. A full read queues tens of thousands of tasks, so a
 * task costs O(1) however many wait: the queue is read from a moving head, never shifted
 * (shifting an array of more than ~16,000 elements copies all of it each time).
 */
export class Limiter {
  private running = 0;
  private waiting: ((() => void) | undefined)[] = [];
  private head = 0;

  constructor(private readonly max: number) {}

  run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.max) return this.start(task);
    return new Promise<T>((resolve, reject) => {
      this.waiting.push(() => void this.start(task).then(resolve, reject));
    });
  }

  private start<T>(task: () => Promise<T>): Promise<T> {
    this.running++;
    let result: Promise<T>;
    try {
      result = task();
    } catch (e) {
      result = Promise.reject(e);
    }
    result.then(this.release, this.release);
    return result;
  }

  private readonly release = (): void => {
    this.running--;
    if (this.head === this.waiting.length) return;
    const next = this.waiting[this.head]!;
    this.waiting[this.head++] = undefined;
    // Drop the started part now and then, so a queue that never empties does not grow forever.
    if (this.head === this.waiting.length || (this.head >= COMPACT_AFTER && this.head * 2 >= this.waiting.length)) {
      this.waiting = this.waiting.slice(this.head);
      this.head = 0;
    }
    next();
  };
}
