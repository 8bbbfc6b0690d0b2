import type { ConsumerCall, ConsumerHandle } from "./dubbo-peers";
import { waitFor } from "./wait-for";

/**
 * Reading a demo consumer's calls under tag routing: each call of a consumer started with
 * `callTags` says which tag it sent, so its calls split into tagged and untagged ones, and
 * for each kind a test states what it expects and counts what happened over a window of
 * calls made once a change has taken effect.
 */

/** The calls of one kind are served by exactly these providers (each at least once), or all fail for want of a provider. */
export type Outcome = { readonly servedBy: readonly string[] } | "no provider";

/** What a consumer's tagged and untagged calls do. */
export interface Behaviour {
  readonly tagged: Outcome;
  readonly untagged: Outcome;
}

export type CallKind = keyof Behaviour;

/** A window's calls of one kind: how many each provider served, and the failures (those for want of a provider apart). */
export interface Tally {
  readonly served: Readonly<Record<string, number>>;
  readonly noProvider: number;
  readonly otherFailures: readonly string[];
  /** The first "No provider available" message, if any. */
  readonly noProviderError?: string;
}

/** Both releases say so when routing leaves no provider (RpcException of the cluster invoker). */
const NO_PROVIDER = /No provider available/;

export const kindOf = (call: ConsumerCall): CallKind => (call.tag === undefined || call.tag === null ? "untagged" : "tagged");

/** Whether `call` is what `outcome` allows. */
export function conforms(call: ConsumerCall, outcome: Outcome): boolean {
  if (outcome === "no provider") return !call.ok && NO_PROVIDER.test(call.error ?? "");
  return call.ok && call.provider !== undefined && outcome.servedBy.includes(call.provider);
}

const fits = (call: ConsumerCall, behaviour: Behaviour) => conforms(call, behaviour[kindOf(call)]);

const outcomes = (o: Outcome): readonly string[] => (o === "no provider" ? ["(no provider)"] : o.servedBy);

/** Whether some call can only happen under `after`, not under `before`. */
const witnessable = (before: Behaviour, after: Behaviour) =>
  (["tagged", "untagged"] as const).some((k) => outcomes(after[k]).some((o) => !outcomes(before[k]).includes(o)));

/**
 * Waits until the calls `consumer` makes after its call number `from` behave as `after` says,
 * and answers the number of calls made by then, and when the first call only the change
 * allows was seen (null: none can tell the change apart). When some call is possible under `after` only
 * (not under `before`), first waits for such a call: the router holds one rule at a time and
 * the consumer calls from one thread, so every later call is made under the change. Then
 * waits until the last `inARow` calls of each kind all fit `after`.
 */
export async function settled(consumer: ConsumerHandle, from: number, before: Behaviour | null, after: Behaviour, inARow: number, what: string): Promise<{ calls: number; witnessedAt: number | null }> {
  let start = from;
  let witnessedAt: number | null = null;
  if (before !== null && witnessable(before, after)) {
    start = await waitFor(`${what}: a call of ${consumer.app} only the change allows`, () => {
      const i = consumer.calls().slice(from).findIndex((c) => fits(c, after) && !fits(c, before));
      return i < 0 ? undefined : from + i + 1;
    });
    witnessedAt = Date.now();
  }
  const calls = await waitFor(`${what}: ${inARow} calls of each kind in a row of ${consumer.app} as expected`, () => {
    const calls = consumer.calls();
    const since = calls.slice(start);
    const last = (["tagged", "untagged"] as const).flatMap((k) => since.filter((c) => kindOf(c) === k).slice(-inARow));
    return last.length === 2 * inARow && last.every((c) => fits(c, after)) ? calls.length : undefined;
  });
  return { calls, witnessedAt };
}

/** Waits for `size` calls of each kind after call number `from`, and tallies the first `size` of each. */
export async function tallyWindow(consumer: ConsumerHandle, from: number, size: number): Promise<Record<CallKind, Tally>> {
  const calls = await waitFor(`${size} calls of each kind of ${consumer.app}`, () => {
    const since = consumer.calls().slice(from);
    return since.filter((c) => kindOf(c) === "tagged").length >= size && since.filter((c) => kindOf(c) === "untagged").length >= size ? since : undefined;
  });
  const tally = (kind: CallKind): Tally => {
    const served: Record<string, number> = {};
    let noProvider = 0;
    let noProviderError: string | undefined;
    const otherFailures: string[] = [];
    for (const c of calls.filter((c) => kindOf(c) === kind).slice(0, size)) {
      if (c.ok) served[c.provider!] = (served[c.provider!] ?? 0) + 1;
      else if (NO_PROVIDER.test(c.error ?? "")) {
        noProvider++;
        noProviderError ??= c.error;
      }
      else otherFailures.push(c.error ?? "");
    }
    return { served, noProvider, otherFailures, ...(noProviderError === undefined ? {} : { noProviderError }) };
  };
  return { tagged: tally("tagged"), untagged: tally("untagged") };
}

/** A tally in the shape an Outcome is compared with: which providers served, and how many calls failed (and why). */
export function shapeOf(tally: Tally): { providers: string[]; noProvider: number; otherFailures: readonly string[] } {
  return { providers: Object.keys(tally.served).sort(), noProvider: tally.noProvider, otherFailures: tally.otherFailures };
}

/** What shapeOf a window of `size` calls must be for `outcome`. */
export function expectedShape(outcome: Outcome, size: number): ReturnType<typeof shapeOf> {
  return outcome === "no provider" ? { providers: [], noProvider: size, otherFailures: [] } : { providers: [...outcome.servedBy].sort(), noProvider: 0, otherFailures: [] };
}
