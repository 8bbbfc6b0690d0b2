import { describe, expect, it } from "vitest";
import { KeyedSerial } from "@/server/governance/rules/keyed-serial";

/** A promise with its resolve and reject exposed. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("KeyedSerial", () => {
  it("runs the tasks of one key one at a time, in order, and those of other keys alongside", async () => {
    const serial = new KeyedSerial();
    const log: string[] = [];
    const first = deferred<string>();
    const a1 = serial.run("a", async () => {
      log.push("a1 start");
      return first.promise;
    });
    const a2 = serial.run("a", async () => {
      log.push("a2 start");
      return "a2";
    });
    const b1 = serial.run("b", async () => {
      log.push("b1 start");
      return "b1";
    });
    expect(await b1).toBe("b1");
    expect(log).toEqual(["a1 start", "b1 start"]);
    first.resolve("a1");
    expect(await Promise.all([a1, a2])).toEqual(["a1", "a2"]);
    expect(log).toEqual(["a1 start", "b1 start", "a2 start"]);
  });

  it("goes on after a failed task, and keeps no key once its tasks have ended", async () => {
    const serial = new KeyedSerial();
    const failed = serial.run("a", async () => {
      throw new Error("boom");
    });
    const next = serial.run("a", async () => "after");
    await expect(failed).rejects.toThrow("boom");
    expect(await next).toBe("after");
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(serial.size).toBe(0);
  });
});
