/**
 * The last few answers of one kind, kept for the state (revision) they were computed
 * from. An answer is served again only for the same key at the same revision: the first
 * lookup or store at another revision forgets every answer kept, so an answer computed
 * before a change can never be served after it. Within a revision the least recently used
 * answer goes first once more than `capacity` are kept.
 *
 * Why: the Services page and its filter ask the same few searches again and again (each
 * change event refetches the page's query; several tabs ask the same), and at 50,000 URLs a
 * by-application search with hundreds of hits costs milliseconds to gather and join.
 */
export class RecentAnswers<T> {
  private revision: number | null = null;
  /** Key → answer; a Map iterates in insertion order, so its first key is the least recently used. */
  private readonly answers = new Map<string, T>();

  /** `capacity`: answers kept per revision, at least 1. */
  constructor(private readonly capacity = 8) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`capacity must be a whole number of at least 1, not ${capacity}`);
  }

  /** How many answers are kept now (for tests). */
  get size(): number {
    return this.answers.size;
  }

  /** The answer kept for `key` at `revision`, or undefined (always, once the revision moved on). */
  get(revision: number, key: string): T | undefined {
    this.moveTo(revision);
    const answer = this.answers.get(key);
    if (answer === undefined) return undefined;
    this.answers.delete(key);
    this.answers.set(key, answer);
    return answer;
  }

  /** Keeps `answer` for `key` at `revision`, forgetting the least recently used beyond capacity. */
  set(revision: number, key: string, answer: T): void {
    this.moveTo(revision);
    this.answers.delete(key);
    this.answers.set(key, answer);
    while (this.answers.size > this.capacity) this.answers.delete(this.answers.keys().next().value!);
  }

  /** The answer kept for `key` at `revision`, else `compute()`'s, kept. */
  getOrCompute(revision: number, key: string, compute: () => T): T {
    const kept = this.get(revision, key);
    if (kept !== undefined) return kept;
    const answer = compute();
    this.set(revision, key, answer);
    return answer;
  }

  private moveTo(revision: number): void {
    if (this.revision === revision) return;
    this.answers.clear();
    this.revision = revision;
  }
}
