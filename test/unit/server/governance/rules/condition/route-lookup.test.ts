import { describe, expect, it } from "vitest";
import { routeNodeName, ROUTE_DEFAULTS, type RouteSpec } from "@/lib/dubbo/rules/route-url";
import { fingerprintRouteId, parseRouteId, revisionOf, stableRouteId } from "@/server/governance/rules/condition/route-id";
import { idAmong, lookup, namedNodes, routeNodes } from "@/server/governance/rules/condition/route-lookup";

const DIR = "com.foo.BarService";
const node = (over: Partial<RouteSpec>) => routeNodeName({ service: DIR, group: "", version: "", name: "pin", rule: "=> host = 1.1.1.1", ...ROUTE_DEFAULTS, ...over });
const unnamed = "route%3A%2F%2F0.0.0.0%2Fcom.foo.BarService%3Fcategory%3Drouters%26rule%3D%253D%253E%2Bhost%2B%253D%2B2.2.2.2";

describe("which routes have a stable id", () => {
  const pin = node({});
  const pinEdited = node({ priority: 5 });
  const twinA = node({ name: "twin", rule: "=> host = 3.3.3.3" });
  const twinB = node({ name: "twin", rule: "=> host = 4.4.4.4" });
  const otherGroup = node({ group: "g", name: "twin" });
  const nodes = routeNodes([pin, twinA, twinB, otherGroup, unnamed, "not%a%url"], DIR);

  it("reads the group, version and name of every node Dubbo reads as a URL", () => {
    expect(nodes.map((n) => [n.group, n.name])).toEqual([["", "pin"], ["", "twin"], ["", "twin"], ["g", "twin"], ["", ""]]);
  });

  it("gives one to a named route alone with its name in its group and version, and a fingerprint id to the rest", () => {
    expect([...namedNodes(nodes)]).toEqual([pin, otherGroup]);
    expect(idAmong(0, DIR, nodes[0]!, nodes)).toBe(stableRouteId(0, DIR, { group: "", version: "", name: "pin" }));
    expect(idAmong(0, DIR, nodes[1]!, nodes)).toBe(fingerprintRouteId(0, DIR, twinA));
    expect(idAmong(0, DIR, nodes[4]!, nodes)).toBe(fingerprintRouteId(0, DIR, unnamed));
  });

  it("keeps a named route's id across an edit, and changes an unnamed one's", () => {
    const after = routeNodes([pinEdited, unnamed.replace("2.2.2.2", "2.2.2.3")], DIR);
    expect(idAmong(0, DIR, after[0]!, after)).toBe(idAmong(0, DIR, nodes[0]!, nodes));
    expect(idAmong(0, DIR, after[1]!, after)).not.toBe(idAmong(0, DIR, nodes[4]!, nodes));
  });

  it("finds a route by its stable id, whatever its revision", () => {
    const found = lookup(parseRouteId(stableRouteId(0, DIR, { group: "", version: "", name: "pin" })), routeNodes([pinEdited], DIR));
    expect(found).toMatchObject({ type: "found", node: { node: pinEdited }, alias: false });
  });

  it("finds the route an old id names: the node itself (an alias of the stable id), or through the trail once edited", () => {
    const stable = stableRouteId(0, DIR, { group: "", version: "", name: "pin" });
    const old = fingerprintRouteId(0, DIR, pin);
    expect(lookup(parseRouteId(old), nodes)).toMatchObject({ type: "found", id: stable, alias: true, node: { node: pin } });
    const edited = routeNodes([pinEdited], DIR);
    expect(lookup(parseRouteId(old), edited)).toEqual({ type: "none" });
    const trail = (id: string) => (id === old ? stable : undefined);
    expect(lookup(parseRouteId(old), edited, trail)).toMatchObject({ type: "found", id: stable, alias: true, node: { node: pinEdited } });
    // A trail key of another directory or registry never leads elsewhere.
    expect(lookup(parseRouteId(old), edited, () => stableRouteId(1, DIR, { group: "", version: "", name: "pin" }))).toEqual({ type: "none" });
  });

  it("finds an unnamed or shared route by its fingerprint id, not as an alias", () => {
    expect(lookup(parseRouteId(fingerprintRouteId(0, DIR, twinB)), nodes)).toMatchObject({ type: "found", alias: false, node: { node: twinB } });
    expect(revisionOf(twinB)).toBe((parseRouteId(fingerprintRouteId(0, DIR, twinB)) as { revision: string }).revision);
  });

  it("says a stable id is ambiguous once its name is shared, naming the routes' own ids", () => {
    expect(lookup(parseRouteId(stableRouteId(0, DIR, { group: "", version: "", name: "twin" })), nodes)).toEqual({
      type: "ambiguous",
      ids: [fingerprintRouteId(0, DIR, twinA), fingerprintRouteId(0, DIR, twinB)],
    });
    expect(lookup(parseRouteId(stableRouteId(0, DIR, { group: "", version: "", name: "gone" })), nodes)).toEqual({ type: "none" });
  });
});
