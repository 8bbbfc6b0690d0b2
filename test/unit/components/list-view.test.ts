import { describe, expect, it } from "vitest";
import { LIST_ORDER } from "@/lib/api/client/queries";
import { effectiveSort, listViewOf, sortedBy } from "@/components/services/list-view";

describe("the Services list's order and filter in the address", () => {
  it("reads known values and takes anything else as the default", () => {
    expect(listViewOf("providers", "asc", "no-consumers")).toEqual({ sort: "providers", order: "asc", filter: "no-consumers" });
    expect(listViewOf("size", "up", "empty")).toEqual(LIST_ORDER);
    expect(effectiveSort(LIST_ORDER)).toEqual({ sort: "name", order: "asc" });
    expect(effectiveSort(listViewOf("consumers", "", ""))).toEqual({ sort: "consumers", order: "desc" });
  });

  it("starts a count the most first, flips it when picked again, and keeps the address clean for the list order", () => {
    const byProviders = sortedBy(LIST_ORDER, "providers");
    expect(byProviders).toEqual({ sort: "providers", order: "", filter: "" });
    expect(sortedBy(byProviders, "providers")).toEqual({ sort: "providers", order: "asc", filter: "" });
    expect(sortedBy(LIST_ORDER, "name")).toEqual({ sort: "name", order: "desc", filter: "" });
    expect(sortedBy(listViewOf("name", "desc", "no-providers"), "name")).toEqual({ sort: "", order: "", filter: "no-providers" });
    expect(sortedBy(LIST_ORDER, "consumers", "asc")).toEqual({ sort: "consumers", order: "asc", filter: "" });
  });
});
