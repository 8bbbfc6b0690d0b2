/**
 * Runs tasks one at a time per key, each after the one given before it for that key;
 * tasks of different keys run concurrently. A task that fails does not stop the next.
 * Holds nothing for a key once its last task has ended.
 */
export class KeyedSerial {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** How many keys have a task running or waiting (for tests). */
  get size(): number {
    return this.tails.size;
  }
}
