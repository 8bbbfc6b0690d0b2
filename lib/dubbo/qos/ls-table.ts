/**
 * What Dubbo's QoS `ls` command answers (org.apache.dubbo.qos.command.impl.Ls, 2.7.23 and
 * 3.3.x alike): two ASCII tables, "As Provider side:" (service key, published) and "As
 * Consumer side:" (service key, address count). 2.7.23 prints `Y`/`N` and a number; 3.3.x
 * prints one `registry(Y)` / `registry(N)` per registry and `registry(n)` counts. Pure.
 */

/** A service the process exports: its key and, per registry, whether it is registered there. */
export interface LsProvided {
  readonly service: string;
  /** `true`: registered in every registry it names; false when any says N. */
  readonly published: boolean;
  /** The column as printed (`Y`, `zookeeper-I(Y)`, …). */
  readonly raw: string;
}

/** A service the process refers to, and the addresses its reference holds (null: not a number). */
export interface LsReferred {
  readonly service: string;
  readonly addresses: number | null;
  readonly raw: string;
}

export interface LsTable {
  readonly provides: readonly LsProvided[];
  readonly refers: readonly LsReferred[];
}

/** Thrown for an answer that is not `ls` output (another program on the port, a refusal text). */
export class LsFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LsFormatError";
  }
}

/** Reads `ls` output. @throws LsFormatError when neither section heading is there. */
export function parseLs(text: string): LsTable {
  const lines = text.split(/\r?\n/);
  const providerAt = lines.findIndex((l) => l.trim() === "As Provider side:");
  const consumerAt = lines.findIndex((l) => l.trim() === "As Consumer side:");
  if (providerAt < 0 || consumerAt < providerAt) throw new LsFormatError(`not the output of Dubbo's ls command: ${JSON.stringify(text.slice(0, 120))}`);
  const rows = (from: number, to: number) =>
    lines
      .slice(from, to)
      .filter((l) => l.startsWith("|") && l.endsWith("|"))
      .map((l) => l.slice(1, -1).split("|").map((c) => c.trim()))
      .filter((cells) => cells.length >= 2)
      .slice(1); // the heading row
  const provides = rows(providerAt + 1, consumerAt).map(([service = "", raw = ""]) => ({ service, published: publishedOf(raw), raw }));
  const refers = rows(consumerAt + 1, lines.length).map(([service = "", raw = ""]) => ({ service, addresses: countOf(raw), raw }));
  return { provides, refers };
}

/** `Y`, or every `name(Y)`; anything else (N, none named) is not published. */
function publishedOf(raw: string): boolean {
  if (raw === "Y") return true;
  const marks = [...raw.matchAll(/\((Y|N)\)/g)].map((m) => m[1]);
  return marks.length > 0 && marks.every((m) => m === "Y");
}

/** `3`, or the sum of every `name(3)`; null when no count is printed. */
function countOf(raw: string): number | null {
  if (/^\d+$/.test(raw)) return Number(raw);
  const counts = [...raw.matchAll(/\((\d+)\)/g)].map((m) => Number(m[1]));
  return counts.length === 0 ? null : counts.reduce((a, b) => a + b, 0);
}
