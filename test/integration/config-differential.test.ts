import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DubboUrl, parseDubboUrl } from "@/lib/dubbo/url";
import { parseConfigRule } from "@/lib/override/config-rule";
import { toConfigurators } from "@/lib/override/configurator";
import type { ConfigureContext } from "@/lib/override/configure";
import { addressParameter, configureAddressOverride, configureChain, type OverrideSources } from "@/lib/override/override-chain";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { OverrideRuleError } from "@/lib/override/override-rule-error";
import { configCasesSeed, generateConfigCases } from "../support/config-cases";
import { type ConfigAnswer, type ConfigCase, type ConfigOracle, EFFECTIVE_KEYS, type OracleUrl, startConfigOracle } from "../support/config-oracle";

/**
 * lib/override against the real configurator classes of Dubbo 2.7.23 and 3.3.6
 * (test/support/config-oracle.ts): generated registry override URLs, config-center rules,
 * consumer and provider URLs (test/support/config-cases.ts) configured by Java and by
 * lib/override, with zero differences allowed in the configured consumer URL, in each
 * provider's configured URL (2.7) or override URL and effective parameters (3.x), and in
 * which rule Java refuses. CONFIG_CASES (default 2000 per release) sets how many,
 * CONFIG_CASES_SEED replays a run.
 */
const COUNT = Number(process.env.CONFIG_CASES ?? 2000);
const SEED = configCasesSeed();

function plain(u: DubboUrl): OracleUrl {
  return { protocol: u.protocol, username: u.username, host: u.host, port: u.port, path: u.path, parameters: Object.fromEntries(Object.entries(u.parameters).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) };
}

/** What lib/override makes of a case, in the oracle's shape (localHost from Java: NetUtils.getLocalHost()). */
function engineAnswer(c: ConfigCase, release: DubboRelease, localHost: string): ConfigAnswer {
  const registry = toConfigurators(c.registry.map((u) => parseDubboUrl(u, release)));
  const rule = (name: "app" | "service", text: string | null) => {
    if (text === null) return [];
    try {
      return toConfigurators(parseConfigRule(text, release));
    } catch (e) {
      if (e instanceof OverrideRuleError) throw Object.assign(e, { rule: name });
      throw e;
    }
  };
  let sources: OverrideSources;
  try {
    sources = { registry, application: rule("app", c.appRule), service: rule("service", c.serviceRule) };
  } catch (e) {
    return { ok: false, rule: (e as { rule: "app" | "service" }).rule, error: (e as Error).message };
  }
  const ctx: ConfigureContext = { release, localHost };
  const consumer = parseDubboUrl(c.consumer, release);
  const providers = c.providers.map((p) => {
    const provider = parseDubboUrl(p, release);
    if (release === "2.7") return plain(configureChain(sources, provider, ctx));
    const override = configureAddressOverride(sources, provider, consumer, ctx);
    const effective = Object.fromEntries(EFFECTIVE_KEYS.map((k) => [k, addressParameter(override, provider, consumer, k) ?? null]));
    return { override: override === null ? null : plain(override), effective: Object.fromEntries(Object.entries(effective).sort(([a], [b]) => (a < b ? -1 : 1))) };
  });
  return { ok: true, localHost, consumer: plain(configureChain(sources, consumer, ctx)), providers };
}

/** Errors are compared by which rule failed, not by Java's message; objects with their keys sorted. */
function comparable(a: ConfigAnswer): string {
  if (!a.ok) return JSON.stringify({ ok: false, rule: a.rule });
  return canonical({ ok: true, localHost: a.localHost, consumer: a.consumer, providers: a.providers });
}

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v !== null && typeof v === "object") {
    const entries = Object.entries(v).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    return `{${entries.map(([k, e]) => `${JSON.stringify(k)}:${canonical(e)}`).join(",")}}`;
  }
  return JSON.stringify(v);
}

for (const release of ["2.7", "3.x"] as const) {
  describe(`configurators as Dubbo ${release === "2.7" ? "2.7.23" : "3.3.6"} applies them`, () => {
    let oracle: ConfigOracle;
    beforeAll(async () => {
      oracle = await startConfigOracle(release);
    }, 180_000);
    afterAll(async () => {
      await oracle?.stop();
    });

    it(`gives the same URLs as Java for ${COUNT} generated cases (CONFIG_CASES_SEED=${SEED})`, async () => {
      const cases = generateConfigCases(SEED, COUNT, release);
      const answers = await oracle.ask(cases);
      const differences: string[] = [];
      let refused = 0;
      let configured = 0;
      for (const [i, c] of cases.entries()) {
        const java = answers[i]!;
        if (!java.ok) refused++;
        const ours = engineAnswer(c, release, java.ok ? java.localHost : "192.0.2.2");
        const j = comparable(java);
        const o = comparable(ours);
        if (j !== o) {
          differences.push(`CONFIG_CASES_SEED=${SEED} case #${i}: ${JSON.stringify(c)}\n  java:   ${JSON.stringify(java)}\n  engine: ${JSON.stringify(ours)}`);
        } else if (java.ok && JSON.stringify(java.consumer.parameters) !== JSON.stringify(plain(parseDubboUrl(c.consumer, release)).parameters)) configured++;
      }
      expect(differences.slice(0, 5).join("\n\n"), `${differences.length} of ${COUNT} cases differ`).toBe("");
      // The cases must exercise both outcomes: some rules refused, many consumers changed.
      expect(refused).toBeGreaterThan(0);
      expect(configured).toBeGreaterThan(COUNT / 20);
    }, 300_000);
  });
}
