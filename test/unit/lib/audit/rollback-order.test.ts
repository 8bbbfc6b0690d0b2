import { describe, expect, it } from "vitest";
import { rollbackFirst, type RollbackStep } from "@/lib/audit/rollback-order";

const at = (node: string | null) => (node === null ? null : { node });
const entry = (id: number, kind: string, before: string | null, after: string | null): RollbackStep => ({ id: String(id).padStart(10, "0"), outcome: "ok", kind, before: at(before), after: at(after) });

describe("which later changes must be rolled back first", () => {
  // Created as A, edited to B, edited to C: newest first, as the history lists them.
  const e1 = entry(1, "route.create", null, "A");
  const e2 = entry(2, "route.edit", "A", "B");
  const e3 = entry(3, "route.edit", "B", "C");
  const history = [e3, e2, e1];

  it("needs none for the newest change", () => {
    expect(rollbackFirst(history, e3, "C")).toEqual([]);
  });

  it("names the later changes newest first for an older one", () => {
    expect(rollbackFirst(history, e1, "C")).toEqual([e3, e2]);
    expect(rollbackFirst(history, e2, "C")).toEqual([e3]);
  });

  it("counts a rollback as a change to undo, and one that already undid the later changes as done", () => {
    const r3 = entry(4, "route.rollback", "C", "B");
    expect(rollbackFirst([r3, ...history], e2, "B")).toEqual([]);
    expect(rollbackFirst([r3, ...history], e3, "B")).toEqual([r3]);
  });

  it("answers null when no run of rollbacks gets there (changed outside the trail)", () => {
    expect(rollbackFirst(history, e1, "Z")).toBeNull();
  });

  it("treats a deletion as leaving no route", () => {
    const del = entry(5, "route.delete", "C", null);
    expect(rollbackFirst([del, ...history], del, null)).toEqual([]);
    expect(rollbackFirst([del, ...history], e3, null)).toEqual([del]);
  });
});
