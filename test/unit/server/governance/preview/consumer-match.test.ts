import { describe, expect, it } from "vitest";
import { consumerMatches, isConsumerPattern } from "@/server/governance/preview/consumer-match";

const id = (group: string, version: string, iface = "io.x.Svc") => ({ interface: iface, group, version });

describe("which services a consumer consumes, as UrlUtils.isMatch decides", () => {
  it("calls version *, group * and a list of groups patterns, and a plain group and version not", () => {
    expect([id("", "*"), id("*", ""), id("a,b", "1.0.0"), id("", ""), id("a", "1.0.0")].map(isConsumerPattern)).toEqual([true, true, true, false, false]);
  });

  it("matches version * with every version of the interface in the consumer's group, the unversioned one too", () => {
    const consumer = id("", "*");
    expect([id("", "1.0.0"), id("", "2.0.0"), id("", ""), id("g", "1.0.0"), id("", "1.0.0", "io.x.Other")].map((s) => consumerMatches(consumer, s))).toEqual([true, true, true, false, false]);
  });

  it("matches group * with every group, none included, but only the consumer's version", () => {
    const consumer = id("*", "1.0.0");
    expect([id("a", "1.0.0"), id("", "1.0.0"), id("a", "2.0.0")].map((s) => consumerMatches(consumer, s))).toEqual([true, true, false]);
    expect([id("a", "1.0.0"), id("", ""), id("b", "")].map((s) => consumerMatches(id("*", "*"), s))).toEqual([true, true, true]);
  });

  it("matches a list of groups with each group in it, split as Dubbo splits it, never the empty group", () => {
    const consumer = id("a, b,,c", "");
    expect([id("a", ""), id("b", ""), id("c", ""), id("", ""), id("d", ""), id("a", "1.0.0")].map((s) => consumerMatches(consumer, s))).toEqual([true, true, true, false, false, false]);
  });

  it("matches a plain consumer only with its own group and version", () => {
    expect([id("g", "1.0.0"), id("g", ""), id("", "1.0.0")].map((s) => consumerMatches(id("g", "1.0.0"), s))).toEqual([true, false, false]);
  });
});
