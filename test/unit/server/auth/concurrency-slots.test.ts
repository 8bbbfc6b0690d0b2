import { describe, expect, it } from "vitest";
import { RateLimitedError } from "@/server/errors/auth-errors";
import { ConcurrencySlots } from "@/server/auth/concurrency-slots";

describe("ConcurrencySlots", () => {
  it("refuses the slot past the limit per key with a 429 error, and frees a slot once given back", () => {
    const slots = new ConcurrencySlots("open event streams", 2);
    const a = slots.acquire("alice");
    slots.acquire("alice");
    expect(() => slots.acquire("alice")).toThrow(RateLimitedError);
    expect(() => slots.acquire("alice")).toThrow("too many open event streams (at most 2 at once); try again in 1 s");
    expect(slots.acquire("bob")).toBeTypeOf("function");
    a();
    a();
    expect(slots.inUse("alice")).toBe(1);
    slots.acquire("alice");
    expect(slots.inUse("alice")).toBe(2);
  });

  it("gives the slot of a task back however it ends", async () => {
    const slots = new ConcurrencySlots("previews", 1);
    await expect(slots.run("k", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await slots.run("k", () => 42)).toBe(42);
    expect(slots.inUse("k")).toBe(0);
  });
});

describe("ConcurrencySlots with a waiting line", () => {
  it("lets up to maxWaiting tasks wait their turn, in order, and refuses the next at once", async () => {
    const slots = new ConcurrencySlots("sign-ins in progress", 1, 1, 2);
    const order: string[] = [];
    let finishFirst = () => {};
    const first = slots.run("all", () => new Promise<void>((r) => (finishFirst = r)).then(() => void order.push("first")));
    const second = slots.run("all", async () => void order.push("second"));
    const third = slots.run("all", async () => void order.push("third"));
    await expect(slots.run("all", async () => order.push("fourth"))).rejects.toThrow(RateLimitedError);
    finishFirst();
    await Promise.all([first, second, third]);
    expect(order).toEqual(["first", "second", "third"]);
    expect(slots.inUse("all")).toBe(0);
  });
});
