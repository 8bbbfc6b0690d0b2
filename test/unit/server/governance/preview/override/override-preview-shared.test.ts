import { describe, expect, it } from "vitest";
import { consumerServiceRuleKey } from "@/lib/dubbo/rules/config-rule-key";
import { type DubboUrl, javaUrlEncode, parseDubboUrl } from "@/lib/dubbo/url";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import type { OverrideCopies } from "@/lib/override/override-copies";
import { previewOverrides } from "@/server/governance/preview/override/override-preview";
import { type PreviewConsumer, previewConsumer } from "@/server/governance/preview/override/override-reader";
import { type CopiesState, generatePreviewCase, PREVIEW_IFACE, type PreviewCase } from "../../../../../support/config-preview-cases";

/**
 * previewOverrides shares work between consumers alike (base views and spreads, judged
 * providers, picked rows): a consumer judged with others must get the row it gets alone.
 * Generated cases (test/support/config-preview-cases.ts, as the Java differential uses),
 * each with its consumer and variants of it: another application, another host, its own
 * timeout changed, the other release, and other instances of it (pid, registration time). CONFIG_SHARED_CASES
 * (default 250 per release) sets how many.
 */
const HOST = "10.20.30.40";
const NOW = 1_800_000_000_000;
const CASES = Number(process.env.CONFIG_SHARED_CASES ?? 250);

function copiesOf(s: CopiesState, c: PreviewCase, release: DubboRelease): OverrideCopies {
  const center = new Map<string, string>();
  if (s.appRule !== null) center.set(c.application, s.appRule);
  if (s.serviceRule !== null) center.set(consumerServiceRuleKey(parseDubboUrl(c.consumer, release)), s.serviceRule);
  return { registry: new Map([[javaUrlEncode(PREVIEW_IFACE), s.registry.map((u) => parseDubboUrl(u, release))]]), center };
}

function variants(text: string): string[] {
  const other = text.includes("release=2.7.23") ? text.replace("release=2.7.23", "release=3.3.6") : text.replace("release=3.3.6", "release=2.7.23");
  return [
    text,
    text.replace(/application=[^&]*/, "application=other-app"),
    text.replace(HOST, "10.99.0.7"),
    /[?&]timeout=/.test(text) ? text.replace(/timeout=\d+/, "timeout=9999") : `${text}&timeout=9999`,
    other,
    `${text}&pid=4242`,
    `${text}&timestamp=1700000000000`,
    `${text}&timestamp=1700000000999`,
  ];
}

describe("previewOverrides over many consumers", () => {
  it(`gives each consumer the row it gets alone (${CASES} generated cases per release)`, () => {
    const found: string[] = [];
    let sharedRows = 0;
    for (const release of ["2.7", "3.x"] as const) {
      for (let i = 0; i < CASES; i++) {
        const c = generatePreviewCase(7_321, i, release, HOST, NOW);
        const consumers: PreviewConsumer[] = variants(c.consumer).map((t) => previewConsumer(t, parseDubboUrl(t), false));
        const providers = c.providers.map((p) => parseDubboUrl(p));
        const input = (cs: readonly PreviewConsumer[]) => ({ service: { interface: PREVIEW_IFACE, group: c.group, version: c.version }, before: copiesOf(c.before, c, release), after: copiesOf(c.after, c, release), providers: [...providers], consumers: cs, clock: { now: () => NOW } });
        const joint = previewOverrides(input(consumers));
        consumers.forEach((consumer, k) => {
          const alone = previewOverrides(input([consumer])).consumers[0];
          sharedRows++;
          try {
            expect(joint.consumers[k]).toEqual(alone);
          } catch {
            found.push(`case ${release} #${i}, consumer ${consumer.text}: ${JSON.stringify(joint.consumers[k]).slice(0, 400)}\n  alone: ${JSON.stringify(alone).slice(0, 400)}`);
          }
        });
      }
    }
    expect(found.slice(0, 3).join("\n\n"), `${found.length} of ${sharedRows} consumers differ`).toBe("");
  }, 120_000);

  it(`gives each provider's own URL as it gets alone (${CASES} generated cases per release)`, () => {
    const found: string[] = [];
    let changed = 0;
    for (const release of ["2.7", "3.x"] as const) {
      for (let i = 0; i < CASES; i++) {
        const c = generatePreviewCase(9_157, i, release, HOST, NOW);
        const providers = c.providers.map((p) => parseDubboUrl(p));
        const run = (ps: readonly DubboUrl[]) => previewOverrides({ service: { interface: PREVIEW_IFACE, group: c.group, version: c.version }, before: copiesOf(c.before, c, release), after: copiesOf(c.after, c, release), providers: ps, consumers: [], clock: { now: () => NOW } });
        const joint = run(providers);
        const alone = providers.map((p) => run([p]));
        // The keys shown come from the copies alone, so each provider's row is comparable.
        const rows = alone.flatMap((a) => a.providerSide);
        const count = alone.reduce((t, a) => t + a.providerSideChanged, 0);
        changed += count;
        try {
          expect(joint.providerSide).toEqual(rows);
          expect(joint.providerSideChanged).toBe(count);
        } catch {
          found.push(`case ${release} #${i}: ${JSON.stringify(joint.providerSide).slice(0, 300)}\n  alone: ${JSON.stringify(rows).slice(0, 300)}`);
        }
      }
    }
    expect(found.slice(0, 3).join("\n\n"), `${found.length} cases differ`).toBe("");
    expect(changed, "the cases must change some provider's own URL").toBeGreaterThan(20);
  }, 120_000);
});
