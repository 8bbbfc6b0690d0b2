/**
 * Prometheus text exposition format (version 0.0.4), the part a console reads: sample lines
 * `name{label="value",…} value [timestamp]`, with `# HELP` / `# TYPE` comments skipped. It is
 * what Dubbo 3's Prometheus reporter answers (QoS command `metrics`), whose label sets end with
 * a trailing comma (`version="",}`), which the format allows.
 */

/** One sample: a metric name, its labels and its value (NaN and ±Inf kept as such). */
export interface PromSample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

/** A text that is not the exposition format; `line` is 1-based. */
export class PromTextError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`Prometheus text, line ${line}: ${reason}`);
    this.name = "PromTextError";
  }
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;

export interface PromParseOptions {
  /** Only samples whose name this accepts are kept (the rest are still checked). */
  readonly keep?: (name: string) => boolean;
  /** At most this many samples kept; more is an error (default 100,000). */
  readonly maxSamples?: number;
}

/**
 * The samples of `text`, in order. @throws PromTextError on the first line that is not a
 * comment, blank, or a well-formed sample, or when more than `maxSamples` are kept.
 */
export function parsePromText(text: string, options: PromParseOptions = {}): PromSample[] {
  const keep = options.keep ?? (() => true);
  const max = options.maxSamples ?? 100_000;
  const out: PromSample[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/\r$/, "");
    if (line.trim() === "" || line.startsWith("#")) continue;
    const sample = parseLine(line, i + 1);
    if (!keep(sample.name)) continue;
    if (out.length >= max) throw new PromTextError(i + 1, `more than ${max} samples`);
    out.push(sample);
  }
  return out;
}

function parseLine(line: string, n: number): PromSample {
  const name = NAME.exec(line)?.[0];
  if (!name) throw new PromTextError(n, `a sample starts with a metric name, got ${JSON.stringify(line.slice(0, 40))}`);
  let at = name.length;
  const labels: Record<string, string> = {};
  if (line[at] === "{") {
    at++;
    for (;;) {
      while (line[at] === " ") at++;
      if (line[at] === "}") {
        at++;
        break;
      }
      const label = LABEL_NAME.exec(line.slice(at))?.[0];
      if (!label) throw new PromTextError(n, `a label name expected at column ${at + 1}`);
      at += label.length;
      if (line[at] !== "=" || line[at + 1] !== '"') throw new PromTextError(n, `label ${label} needs ="value"`);
      at += 2;
      let value = "";
      for (;;) {
        const c = line[at];
        if (c === undefined) throw new PromTextError(n, `label ${label}'s value is not closed`);
        at++;
        if (c === '"') break;
        if (c === "\\") {
          const e = line[at++];
          if (e === "n") value += "\n";
          else if (e === "\\" || e === '"') value += e;
          else throw new PromTextError(n, `label ${label}: unknown escape \\${e ?? ""}`);
        } else value += c;
      }
      if (Object.hasOwn(labels, label)) throw new PromTextError(n, `label ${label} twice`);
      labels[label] = value;
      while (line[at] === " ") at++;
      if (line[at] === ",") at++;
      else if (line[at] !== "}") throw new PromTextError(n, `"," or "}" expected after label ${label}`);
    }
  }
  const rest = line.slice(at).trim().split(/\s+/);
  if (rest.length < 1 || rest.length > 2 || rest[0] === "") throw new PromTextError(n, "a value (and at most a timestamp) expected after the labels");
  const value = numberOf(rest[0]!);
  if (value === undefined) throw new PromTextError(n, `${JSON.stringify(rest[0])} is not a number`);
  if (rest[1] !== undefined && !/^-?\d+$/.test(rest[1])) throw new PromTextError(n, `${JSON.stringify(rest[1])} is not a timestamp`);
  return { name, labels, value };
}

function numberOf(text: string): number | undefined {
  if (text === "NaN") return Number.NaN;
  if (text === "+Inf" || text === "Inf") return Number.POSITIVE_INFINITY;
  if (text === "-Inf") return Number.NEGATIVE_INFINITY;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return undefined;
  return Number(text);
}
