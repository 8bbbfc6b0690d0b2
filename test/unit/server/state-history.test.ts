import { describe, expect, it } from "vitest";
import { StateHistory } from "@/server/registry/state-history";

describe("StateHistory", () => {
  it("lists the state changes newest first", () => {
    const h = new StateHistory();
    h.record({ type: "connecting", since: 1, attempts: 0 });
    h.record({ type: "connected", since: 2, sessionId: "a", server: "zk:2181" });
    h.record({ type: "suspended", since: 3 });
    expect(h.list().map((s) => [s.type, s.since])).toEqual([
      ["suspended", 3],
      ["connected", 2],
      ["connecting", 1],
    ]);
  });

  it("folds repeated attempts of the same state into one period from its start, with the latest details", () => {
    const h = new StateHistory();
    h.record({ type: "connecting", since: 1, attempts: 0 });
    h.record({ type: "connecting", since: 5, attempts: 1 });
    h.record({ type: "connecting", since: 9, attempts: 2 });
    expect(h.list()).toEqual([{ type: "connecting", since: 1, attempts: 2 }]);
  });

  it("keeps only the most recent changes", () => {
    const h = new StateHistory(3);
    for (let i = 0; i < 10; i++) h.record(i % 2 === 0 ? { type: "suspended", since: i } : { type: "closed", since: i });
    expect(h.list().map((s) => s.since)).toEqual([9, 8, 7]);
  });
});
