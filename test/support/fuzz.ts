import fc from "fast-check";
import { expect } from "vitest";
import { type ErrorCode, isConsoleError } from "@/lib/errors";

/**
 * Shared settings of the property-based fuzz tests (fast-check). Every run uses one fixed
 * seed, logged once per file, so a failure in CI replays exactly: `FUZZ_SEED=n` picks
 * another seed, `FUZZ_RUNS=n` scales the runs (the defaults keep the unit suite quick).
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
