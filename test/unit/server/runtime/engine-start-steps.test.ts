import { afterAll, describe, expect, it } from "vitest";
import { findEngine } from "@/server/runtime/engine-ref";
import { startEngineInSteps } from "@/server/runtime/engine-start-steps";

afterAll(() => findEngine()?.close());

/** Runs `work` while a ticker counts the turns of the event loop that it leaves. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let ticking = true;
  const tick = () => {
    turns++;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  const value = await work();
  ticking = false;
  return { value, turns };
}

describe("starting the engine in steps (issue 15 item 21)", () => {
  it("starts the one engine, giving the event loop a turn after each of the nine parts of its graph", async () => {
    // A registry that refuses connections: nothing here needs one.
    process.env.DUBBO_REGISTRY = "zookeeper://127.0.0.1:1";
    process.env.LOG_LEVEL = "error";
    process.env.DUBBO_CONSOLE_CACHE_DIR = "off";
    // The first run imports the graph through vitest's transform (seconds on a loaded machine, with I/O between).
    const first = await startEngineInSteps();
    expect(first).toBe(findEngine());
    // The second finds every part loaded, so only its own turns between parts let the ticker run.
    const again = await turnsDuring(() => startEngineInSteps());
    expect(again.value).toBe(first);
    expect(again.turns).toBeGreaterThanOrEqual(9);
  }, 60_000);
});
