import { describe, expect, it } from "vitest";
import { RecentAnswers } from "@/server/governance/catalog/recent-answers";

describe("RecentAnswers", () => {
  it("serves an answer again for the same key at the same revision", () => {
    const answers = new RecentAnswers<string>(8);
    answers.set(3, "q=a", "answer a");
    expect(answers.get(3, "q=a")).toBe("answer a");
    expect(answers.get(3, "q=b")).toBeUndefined();
  });

  it("never serves an answer of an earlier revision, and forgets them all on a new one", () => {
    const answers = new RecentAnswers<string>(8);
    answers.set(3, "q=a", "answer a");
    answers.set(3, "q=b", "answer b");
    expect(answers.get(4, "q=a")).toBeUndefined();
    expect(answers.size).toBe(0);
    // Going back to the old revision number does not bring them back either.
    expect(answers.get(3, "q=b")).toBeUndefined();
  });

  it("keeps at most capacity answers, dropping the least recently used", () => {
    const answers = new RecentAnswers<number>(2);
    answers.set(1, "a", 1);
    answers.set(1, "b", 2);
    expect(answers.get(1, "a")).toBe(1);
    answers.set(1, "c", 3);
    expect(answers.size).toBe(2);
    expect(answers.get(1, "b")).toBeUndefined();
    expect(answers.get(1, "a")).toBe(1);
    expect(answers.get(1, "c")).toBe(3);
  });

  it("computes once per key and revision", () => {
    const answers = new RecentAnswers<string>(8);
    let computed = 0;
    const compute = () => `answer ${++computed}`;
    expect(answers.getOrCompute(1, "a", compute)).toBe("answer 1");
    expect(answers.getOrCompute(1, "a", compute)).toBe("answer 1");
    expect(answers.getOrCompute(2, "a", compute)).toBe("answer 2");
    expect(computed).toBe(2);
  });

  it("refuses a capacity below 1", () => {
    expect(() => new RecentAnswers(0)).toThrow(RangeError);
  });
});
