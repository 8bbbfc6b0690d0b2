import { describe, expect, it } from "vitest";
import { consumerRelease, obeyedCopies } from "@/lib/dubbo/rules/rule-copies";

describe("which copy of a route a consumer obeys, by its Dubbo release", () => {
  it.each([
    ["2.5.10", "2.6", ["registry"]],
    ["2.6.12", "2.6", ["registry"]],
    ["2.7.0", "2.7.0", ["registry"]],
    ["2.7.2", "2.7.0", ["registry"]],
    ["2.7.3", "2.7.3", ["registry", "config-center"]],
    ["2.7.23", "2.7.3", ["registry", "config-center"]],
    ["3.0.0", "3.0.0", ["registry", "config-center"]],
    ["3.0.4", "3.0.0", ["registry", "config-center"]],
    ["3.0.5", "3.0.5", ["config-center"]],
    ["3.1.11", "3.0.5", ["config-center"]],
    ["3.2.0-beta.5", "3.0.5", ["config-center"]],
    ["3.2.0-beta.6", "3.2", ["config-center"]],
    ["3.2.16", "3.2", ["config-center"]],
    ["3.3.0-beta.4", "3.2", ["config-center"]],
    ["3.3.0-beta.5", "3.3", ["config-center"]],
    ["3.3.6", "3.3", ["config-center"]],
    ["3.4.0-SNAPSHOT", "3.3", ["config-center"]],
  ])("Dubbo %s is in the %s range and obeys %j", (release, line, copies) => {
    expect(obeyedCopies(release)).toMatchObject({ release, line, copies });
  });

  it.each([
    ["2.6.12", "2.7"],
    ["2.7.1", "2.7"],
    ["2.7.23", "2.7"],
    ["3.0.4", "2.7"],
    ["3.0.5", null],
    ["3.3.6", null],
    ["", null],
    ["latest", null],
  ])("Dubbo %j runs registry routes with the %s semantics (ConditionRouter up to 3.0.4; none after, nor for an unknown release)", (release, semantics) => {
    expect(obeyedCopies(release).registrySemantics).toBe(semantics);
  });

  it("reads the provider application's rule from 3.2 and v3.1 multi-destination rules from 3.3", () => {
    expect(obeyedCopies("2.7.23").configCenter).toEqual({ service: true, consumerApplication: true, providerApplication: false, multiDestination: false });
    expect(obeyedCopies("3.1.0").configCenter).toEqual({ service: true, consumerApplication: true, providerApplication: false, multiDestination: false });
    expect(obeyedCopies("3.2.16").configCenter).toEqual({ service: true, consumerApplication: true, providerApplication: true, multiDestination: false });
    expect(obeyedCopies("3.3.6").configCenter).toEqual({ service: true, consumerApplication: true, providerApplication: true, multiDestination: true });
  });

  it("reads none of the console's config-center rules before 2.7.3, and says where 2.7.0–2.7.2 look instead", () => {
    expect(obeyedCopies("2.6.12").configCenter).toBeNull();
    expect(obeyedCopies("2.7.1")).toMatchObject({ configCenter: null, words: expect.stringContaining("/dubbo/config/{group*interface:version}/condition-router") });
  });

  it("says in words what a 3.3 and a 2.7 consumer obey", () => {
    expect(obeyedCopies("3.3.6").words).toBe(
      "Dubbo 3.3.6 obeys the config-center copy only (service, consumer-application and provider-application rules, v3.0 and v3.1); it ignores route URLs in the registry.",
    );
    expect(obeyedCopies("2.7.23").words).toMatch(/^Dubbo 2\.7\.23 obeys both copies/);
  });

  it.each(["", "  ", "latest", "4.0.0", "1.0.0", "2.0.2x"])("cannot say for the release %j", (release) => {
    expect(obeyedCopies(release)).toMatchObject({ line: "unknown", copies: [], configCenter: null, registrySemantics: null });
    expect(obeyedCopies(release).words).toMatch(/2\.7\.3 to 3\.0\.4 obey both copies/);
  });
});

describe("the release a consumer URL states", () => {
  it("takes release, else a dubbo parameter that names a release, never the protocol version 2.0.x", () => {
    expect(consumerRelease({ release: "3.3.6", dubbo: "2.0.2" })).toBe("3.3.6");
    expect(consumerRelease({ dubbo: "2.5.10" })).toBe("2.5.10");
    expect(consumerRelease({ dubbo: "2.0.2" })).toBe("");
    expect(consumerRelease({})).toBe("");
  });
});
