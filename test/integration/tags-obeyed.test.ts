import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type ConsumerHandle, type DubboLine, type ProviderHandle, startConsumer, startProvider } from "../support/dubbo-peers";
import { type Behaviour, expectedShape, type Outcome, settled, shapeOf, tallyWindow } from "../support/tag-calls";
import { parseConfig } from "@/server/runtime/config";
import { findEngine, startEngine } from "@/server/runtime/engine";
import { apiTagRuleWriter } from "../support/tag-rule-api";
import { type TagRuleWriter, zkTagRuleWriter } from "../support/tag-rule-zk";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

/**
 * Issue 17, "Done when" (tags): tag rules are obeyed by real consumers. Three Dubbo 3.3.6
 * providers of GreetingService (a version no other peer provides) of ONE application, so one
 * rule `/dubbo/config/dubbo/{app}.tag-router` governs them all (a consumer's tag router reads
 * the rule of the application of the first provider it holds), on 127.0.0.171 (A, the one the
 * rule calls gray), .172 (B) and .173 (C). Four consumers, a 2.7.23 and a 3.3.6 one each
 * plain and with `dubbo.force.tag=true` on the consumer URL, every other call sending the
 * attachment `dubbo.tag=gray`. The rule is saved through the console's /api/v1/tag-routes
 * handlers (test/support/tag-rule-api.ts); the clean-up writes ZooKeeper by hand. The rule names A by CIDR: Java never
 * matches a plain ip entry against a loopback host.
 *
 * Each step waits until the change shows (a call only the new behaviour allows, then
 * IN_A_ROW calls of each kind as expected) and then counts a WINDOW of calls of each kind:
 * exactly the providers expected served them, or every one failed with "No provider available".
 *
 * What the two releases did, as asserted below:
 * - no rule, no static tags: a tagged call goes to any provider (the untagged fallback), in
 *   both; with `dubbo.force.tag=true` on the consumer URL, 3.3.6 fails every tagged call while
 *   2.7.23 still falls back: 2.7.23's RpcInvocation.getAttachment(key, default) answers null
 *   for an attachment it lacks, so the router URL's force never counts in a real call;
 * - rule `gray → A`: tagged calls only A, untagged only B and C, in both (force-tag or not);
 *   disabling or deleting it gives back the spread over all three;
 * - A stopped under `force: true`: tagged calls fail, none lands on B or C; under
 *   `force: false` they fall back to B and C (3.3.6 with force-tag: fail; 2.7.23: fall back);
 * - a provider D with the static tag `dubbo.tag=gray`: with no rule, tagged calls only D and
 *   untagged ones never D, in both releases; a rule naming gray (A, down) hides D: tagged
 *   calls fall back to B and C, not D (the failover takes untagged providers only).
 */

const rig = inject("rig");
const APP = "tag-obeyed-provider";
/** A GreetingService version no other peer provides. */
const VERSION = "17.0.0";
const HOST = { a: "127.0.0.171", b: "127.0.0.172", c: "127.0.0.173", d: "127.0.0.174" } as const;
const INTERVAL_MS = 25;
/** Calls of each kind in a row that must behave as expected before a window is counted. */
const IN_A_ROW = 8;
/** Calls of each kind counted per step and consumer: a provider of three is missed by chance once in 10^5 windows. */
const WINDOW = 30;

const rule = (extra: { force?: boolean; enabled?: boolean } = {}) =>
  [
    "configVersion: v3.0",
    `force: ${extra.force ?? false}`,
    `enabled: ${extra.enabled ?? true}`,
    `key: ${APP}`,
    "tags:",
    "  - name: gray",
    `    addresses: ["${HOST.a}/32"]`,
    "",
  ].join("\n");

interface Tested {
  readonly name: string;
  readonly line: DubboLine;
  readonly forceTag: boolean;
  handle: ConsumerHandle;
}

let zk: TestZk;
let writer: TagRuleWriter;
let a: ProviderHandle;
let b: ProviderHandle;
let c: ProviderHandle;
let d: ProviderHandle | undefined;
const consumers: Tested[] = [
  { name: "2.7.23", line: "2.7", forceTag: false },
  { name: "3.3.6", line: "3.3", forceTag: false },
  { name: "2.7.23 force-tag", line: "2.7", forceTag: true },
  { name: "3.3.6 force-tag", line: "3.3", forceTag: true },
] as Tested[];
/** What each consumer did at the last step, for the next step's "only the change allows". */
let previous: Map<string, Behaviour> | null = null;

const provider = (host: string, parameters?: Record<string, string>) =>
  startProvider({ line: "3.3", registry: rig.zkAddress, host, app: APP, services: ["greeting"], greetingVersion: VERSION, ...(parameters ? { parameters } : {}) });

beforeAll(async () => {
  zk = await connectTestZk(rig.zkConnectString);
  await zkTagRuleWriter(zk).remove(APP);
  const engine = startEngine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, LOG_LEVEL: "error", CONSOLE_WRITE_RATE: "100000/100000" }));
  await waitFor("the console's first full read", () => engine.registries[0]!.usable);
  writer = apiTagRuleWriter(zk);
  [a, b, c] = await Promise.all([provider(HOST.a), provider(HOST.b), provider(HOST.c)]);
  const handles = await Promise.all(
    consumers.map((t) =>
      startConsumer({ line: t.line, registry: rig.zkAddress, app: `tag-obeyed-${t.forceTag ? "force-" : ""}${t.line.replace(".", "")}`, version: VERSION, intervalMs: INTERVAL_MS, callTags: ["gray", null], ...(t.forceTag ? { forceTag: true } : {}) }),
    ),
  );
  handles.forEach((h, i) => (consumers[i]!.handle = h));
});

afterAll(async () => {
  if (zk) await zkTagRuleWriter(zk).remove(APP);
  zk?.close();
  findEngine()?.close();
  await Promise.all([...consumers.map((t) => t.handle?.stop()), a?.stop(), b?.stop(), c?.stop(), d?.stop()]);
});

const served = (...providers: ProviderHandle[]): Outcome => ({ servedBy: providers.map((p) => p.address) });

/**
 * Makes `change`, waits until every consumer behaves as `expected` says for it, counts a window of each, and
 * asserts the windows: the providers that served each kind of call, and the failures.
 */
async function expectBehaviour(what: string, change: () => Promise<unknown>, expected: (t: Tested) => Behaviour): Promise<void> {
  const froms = consumers.map((t) => t.handle.calls().length);
  await change();
  const changed = Date.now();
  const seen: string[] = [];
  const windows = await Promise.all(
    consumers.map(async (t, i) => {
      const after = expected(t);
      const { calls, witnessedAt } = await settled(t.handle, froms[i]!, previous?.get(t.name) ?? null, after, IN_A_ROW, what);
      if (witnessedAt !== null) seen.push(`${t.name} ${witnessedAt - changed} ms`);
      return tallyWindow(t.handle, calls, WINDOW);
    }),
  );
  const actual = Object.fromEntries(consumers.flatMap((t, i) => (["tagged", "untagged"] as const).map((k) => [`${t.name} ${k}`, shapeOf(windows[i]![k])])));
  const wanted = Object.fromEntries(consumers.flatMap((t) => (["tagged", "untagged"] as const).map((k) => [`${t.name} ${k}`, expectedShape(expected(t)[k], WINDOW)])));
  previous = new Map(consumers.map((t) => [t.name, expected(t)]));
  const errors = [...new Set(windows.flatMap((w) => (w.tagged.noProviderError ? [w.tagged.noProviderError] : [])))];
  console.info(`${what}: first call only the change allows ${seen.length ? seen.join(", ") : "(none possible)"} after it; ${errors.length ? `failures: ${errors.join(" | ")}; ` : ""}${consumers.map((t, i) => `${t.name} tagged ${JSON.stringify(windows[i]!.tagged.served)} untagged ${JSON.stringify(windows[i]!.untagged.served)}`).join("; ")}`);
  expect(actual, what).toEqual(wanted);
}

/** 3.3.6 honours the consumer URL's `dubbo.force.tag=true` where a tagged call would fall back; 2.7.23 does not (see the header). */
const fallbackOr = (t: Tested, fallback: Outcome): Outcome => (t.forceTag && t.line === "3.3" ? "no provider" : fallback);

describe("tag rules against real Dubbo 2.7.23 and 3.3.6 consumers", () => {
  it("with no rule and no static tag, a tagged call goes to any provider (but a 3.3.6 consumer forcing the tag finds none)", async () => {
    await expectBehaviour("no rule", async () => {}, (t) => ({ tagged: fallbackOr(t, served(a, b, c)), untagged: served(a, b, c) }));
  });

  it("a rule naming A gray sends tagged calls only to A and untagged ones only to the others; disabling or deleting it restores the spread", async () => {
    const gray = { tagged: served(a), untagged: served(b, c) };
    const none = (t: Tested) => ({ tagged: fallbackOr(t, served(a, b, c)), untagged: served(a, b, c) });
    await expectBehaviour("rule gray → A", () => writer.put(APP, rule()), () => gray);
    await expectBehaviour("rule disabled", () => writer.put(APP, rule({ enabled: false })), none);
    await expectBehaviour("rule enabled again", () => writer.put(APP, rule()), () => gray);
    await expectBehaviour("rule deleted", () => writer.remove(APP), none);
  });

  it("with A stopped, force: true leaves tagged calls no provider; force: false lets them fall back to the others", async () => {
    await expectBehaviour("rule gray → A, force: true", () => writer.put(APP, rule({ force: true })), () => ({ tagged: served(a), untagged: served(b, c) }));
    await expectBehaviour("A stopped, force: true", () => a.stop(), () => ({ tagged: "no provider", untagged: served(b, c) }));
    await expectBehaviour("A stopped, force: false", () => writer.put(APP, rule({ force: false })), (t) => ({ tagged: fallbackOr(t, served(b, c)), untagged: served(b, c) }));
  });

  it("a provider with the static tag gray gets the tagged calls when no rule names gray, and no untagged call; a rule naming gray hides it", async () => {
    d = await provider(HOST.d, { "dubbo.tag": "gray" });
    await expectBehaviour("no rule, D static gray", () => writer.remove(APP), () => ({ tagged: served(d!), untagged: served(b, c) }));
    await expectBehaviour("rule gray → A (down), D static gray", () => writer.put(APP, rule()), (t) => ({ tagged: fallbackOr(t, served(b, c)), untagged: served(b, c) }));
  });
});
