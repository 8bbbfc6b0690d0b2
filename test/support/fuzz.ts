import fc from "fast-check";
import { expect } from "vitest";
import { type ErrorCode, isConsoleError } from "@/lib/errors";

/**
 * Shared settings of the property-based fuzz tests (fast-check). Every run uses one fixed
 * seed, logged once per file, so a failure in CI replays exactly: `FUZZ_SEED=n` picks
 * another seed, `FUZZ_RUNS_SCALE=n` multiplies the runs (the defaults keep the unit suite quick).
 */

/** The seed every property of a run starts from. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_261_130);
const RUN_SCALE = Number(process.env.FUZZ_RUNS_SCALE ?? 1);

let logged = false;

/** fast-check parameters: the run's seed and `numRuns` (scaled by FUZZ_RUNS_SCALE). Logs the seed once. */
export function fuzzParameters(numRuns: number): fc.Parameters<unknown> {
  if (!logged) {
    logged = true;
    console.info(`fuzz seed ${FUZZ_SEED} (set FUZZ_SEED to replay another)`);
  }
  return { seed: FUZZ_SEED, numRuns: Math.max(1, Math.round(numRuns * RUN_SCALE)) };
}

/**
 * Runs `fn`: returns its value, or undefined when it threw a ConsoleError with one of
 * `codes`. Anything else it throws (a TypeError, a RangeError, a URIError, a ConsoleError
 * of another code) fails the property with the error it was.
 */
export function valueOrTypedError<T>(fn: () => T, codes: readonly ErrorCode[]): T | undefined {
  try {
    return fn();
  } catch (e) {
    if (!isConsoleError(e)) throw new Error(`threw an untyped ${e instanceof Error ? e.name : typeof e}: ${String(e)}`, { cause: e });
    expect(codes).toContain(e.code);
    return undefined;
  }
}

/** Characters the readers treat specially, mixed with arbitrary and non-BMP text. */
export const DELIMITERS = [":", "/", "//", "://", "?", "&", ";", "=", "@", "%", "#", ",", "+", " ", "*", "$", "!", "=>", "\u0000", "\u00a0", "\ud83d\ude00", "\ud800"] as const;

/** Strings built from reader delimiters and arbitrary text: near-valid input that finds edge cases random text rarely reaches. */
export function delimitedText(maxParts = 12): fc.Arbitrary<string> {
  const part = fc.oneof(fc.constantFrom(...DELIMITERS), fc.string({ maxLength: 6 }), fc.string({ unit: "grapheme", maxLength: 4 }), fc.stringMatching(/^%[0-9A-Fa-fg]{0,2}$/));
  return fc.array(part, { maxLength: maxParts }).map((parts) => parts.join(""));
}

/** Every path into a JSON value (objects by key, arrays by index), the root included. */
function pathsOf(value: unknown, at: readonly (string | number)[] = []): (string | number)[][] {
  const here = [[...at]];
  if (Array.isArray(value)) return here.concat(...value.map((v, i) => pathsOf(v, [...at, i])));
  if (typeof value === "object" && value !== null) return here.concat(...Object.entries(value).map(([k, v]) => pathsOf(v, [...at, k])));
  return here;
}

/** `base` with the value at `path` replaced by `replacement` (deleted when undefined). */
function replaced(base: unknown, path: readonly (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(base) ? [...(base as unknown[])] : { ...(base as Record<string, unknown>) }) as Record<string | number, unknown>;
  const next = replaced(copy[head!], rest, replacement);
  if (next === undefined) delete copy[head!];
  else copy[head!] = next;
  return copy;
}

/**
 * Valid documents made slightly wrong: `base` (a real document) with one to three of its
 * values replaced by arbitrary JSON, odd strings or nothing. The readers' schema checks are
 * exercised one field at a time, where whole random documents would fail at the first.
 */
export function mutatedJson(base: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(base);
  const replacement = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.constantFrom(undefined, null, "", "0", -1, 0, 65_536, 1e308, "__proto__", "\ud800", "x".repeat(10_000), [], {}),
    fc.string({ unit: "binary", maxLength: 20 }),
  );
  const edit = fc.tuple(fc.constantFrom(...paths), replacement);
  return fc.array(edit, { minLength: 1, maxLength: 3 }).map((edits) => edits.reduce<unknown>((doc, [path, value]) => replaced(doc, path, value), base));
}

/** Text a ZooKeeper node could hold: JSON of any shape, JSON-like junk, and arbitrary bytes read as UTF-8. */
export function nodeText(...near: fc.Arbitrary<unknown>[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.json({ maxDepth: 4 }),
    fc.string({ maxLength: 60 }),
    fc.uint8Array({ maxLength: 80 }).map((b) => Buffer.from(b).toString("utf8")),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v).slice(0, -1)),
    ...near.map((a) => a.map((v) => JSON.stringify(v) ?? "")),
  );
}

/** Field names a zod schema reads at its top level (through pipes, unions and refinements), for near-valid bodies. */
export function schemaKeys(schema: unknown, depth = 0): string[] {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })?._zod?.def;
  if (!def || depth > 5) return [];
  if (def.type === "object") return Object.keys(def.shape as Record<string, unknown>);
  if (def.type === "pipe") return schemaKeys(def.in, depth + 1);
  if (def.type === "union") return [...new Set((def.options as unknown[]).flatMap((o) => schemaKeys(o, depth + 1)))];
  if ("innerType" in def) return schemaKeys(def.innerType, depth + 1);
  return [];
}

/** JSON values of the shapes that break readers: wrong types, edge numbers, huge and odd strings, deep nesting. */
export const hostileJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(null, true, false, 0, -0, -1, 1.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e308, "", " ", "0", "true", "null", "__proto__", "\ud800", "\u0000", "x".repeat(100_000), "🙂".repeat(3_000), [], {}, [[[]]], { __proto__: { a: 1 } }),
  fc.integer({ min: 1, max: 2_000 }).map((n) => JSON.parse(`${"[".repeat(n)}${"]".repeat(n)}`) as unknown),
  fc.string({ unit: "binary", maxLength: 30 }),
);

/** Objects with the fields `keys` names (and some others), each holding a hostile value or a plausible one. */
export function nearBody(keys: readonly string[], plausible: fc.Arbitrary<unknown> = fc.constant(undefined)): fc.Arbitrary<unknown> {
  const key = keys.length > 0 ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) }) : fc.string({ maxLength: 8 });
  return fc.dictionary(key, fc.oneof(hostileJsonValue, plausible), { maxKeys: keys.length + 2 });
}

/**
 * The timeout of a fuzz test: well above its usual second or two, so that a machine busy
 * with other work (or FUZZ_RUNS_SCALE) does not turn a passing property into a timeout.
 */
export const FUZZ_TIMEOUT_MS = 120_000 * RUN_SCALE;
