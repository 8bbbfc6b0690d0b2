import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { handleStopSignals, REPEAT_WINDOW_MS } from "../../../scripts/stop-signals";

/** A stand-in for `process` that delivers signals when told, at a clock the test sets. */
function harness() {
  const source = new EventEmitter();
  let clock = 0;
  const calls: string[] = [];
  const remove = handleStopSignals(
    { stop: (s) => calls.push(`stop ${s}`), escalate: (s) => calls.push(`escalate ${s}`) },
    {
      on: (event, listener) => source.on(event, listener),
      off: (event, listener) => source.off(event, listener),
    },
    () => clock,
  );
  return {
    calls,
    remove,
    source,
    deliver(signal: NodeJS.Signals, at: number) {
      clock = at;
      source.emit(signal, signal);
    },
  };
}

describe("stop signals", () => {
  it("stops once however often one Ctrl-C is delivered (terminal, npm's relay)", () => {
    const h = harness();
    h.deliver("SIGINT", 0);
    h.deliver("SIGINT", 5);
    h.deliver("SIGINT", REPEAT_WINDOW_MS - 1);
    expect(h.calls).toEqual(["stop SIGINT"]);
  });

  it("escalates once on a signal after the repeat window, and ignores any after that", () => {
    const h = harness();
    h.deliver("SIGTERM", 1_000);
    h.deliver("SIGINT", 1_000 + REPEAT_WINDOW_MS);
    h.deliver("SIGINT", 1_000 + 3 * REPEAT_WINDOW_MS);
    expect(h.calls).toEqual(["stop SIGTERM", "escalate SIGINT"]);
  });

  it("treats the terminal closing (SIGHUP) as a stop", () => {
    const h = harness();
    h.deliver("SIGHUP", 0);
    expect(h.calls).toEqual(["stop SIGHUP"]);
  });

  it("keeps a listener on every stop signal until removed, so none can end the process by default", () => {
    const h = harness();
    h.deliver("SIGINT", 0);
    for (const s of ["SIGINT", "SIGTERM", "SIGHUP"]) expect(h.source.listenerCount(s)).toBe(1);
    h.remove();
    for (const s of ["SIGINT", "SIGTERM", "SIGHUP"]) expect(h.source.listenerCount(s)).toBe(0);
  });
});
