/**
 * Runs a generator's steps in slices of a few milliseconds, one slice per turn of the event
 * loop (`setImmediate` between them, so I/O and timers run in between), until it returns.
 * A long piece of work (the catalog's first build over 250,000 URLs) then never holds the
 * loop for longer than a slice and one step.
 */

/** How long one slice runs steps: far under the 100 ms a request may wait (issue 15 item 21). */
export const SLICE_MS = 15;
/**
 * Steps a slice runs whatever the clock says: a small piece of work (a registry of a few
 * dozen services) then always ends in its first slice, run at once, even on a machine so
 * loaded that 15 ms pass in a few steps; 256 steps of the catalog's build are a few tens of ms.
 */
export const MIN_STEPS = 256;

export class SlicedRun<T> {
  private cancelled = false;
  private finished = false;

  constructor(
    private readonly steps: Generator<void, T, void>,
    private readonly done: (value: T) => void,
    private readonly sliceMs = SLICE_MS,
    private readonly minSteps = MIN_STEPS,
  ) {}

  /** Whether the steps have all run (and `done` has been called). */
  get isDone(): boolean {
    return this.finished;
  }

  /** Runs one slice now; schedules the next unless the steps ended (or the run was cancelled). */
  runSlice(): void {
    if (this.cancelled || this.finished) return;
    const deadline = performance.now() + this.sliceMs;
    for (let n = 1; ; n++) {
      const step = this.steps.next();
      if (step.done) {
        this.finished = true;
        this.done(step.value);
        return;
      }
      if (n >= this.minSteps && performance.now() >= deadline) break;
    }
    setImmediate(() => this.runSlice());
  }

  /** Runs every step left now, in one go (for benchmarks of a build's whole cost). */
  finish(): void {
    if (this.cancelled || this.finished) return;
    for (;;) {
      const step = this.steps.next();
      if (step.done) {
        this.finished = true;
        this.done(step.value);
        return;
      }
    }
  }

  /** Stops running steps; `done` is never called. */
  cancel(): void {
    this.cancelled = true;
  }
}
