import { generateConfigCase } from "./config-cases";
import type { ConfigOracleLine } from "./config-oracle";
import { seededRandom } from "./seeded-random";

/**
 * Generated override-preview cases (config-preview-differential.test.ts): two states of the
 * copies (before and after a draft: each the registry URLs and config-center rules of
 * test/support/config-cases.ts, or the same as before, or none), one consumer on the
 * oracle's own host (what a consumer-side rule is matched against) with its settings, and
 * 1-5 providers as registered, at distinct addresses, of both releases, with weights,
 * warm-up timestamps, `warmup`, `disabled`/`enabled`, timeouts and load balances. No
 * parameter without a value: the oracle reads URLs with URL.valueOf, where 2.7.23 keeps
 * `k=` as "", while its ZookeeperRegistry (URLStrParser, as lib/dubbo/url.ts and the
 * catalog read providers) gives it its own name.
 * The same (seed, index, host) always gives the same case.
 */
export interface PreviewCase {
  readonly before: CopiesState;
  readonly after: CopiesState;
  readonly consumer: string;
  readonly providers: readonly string[];
  readonly group: string;
  readonly version: string;
  readonly application: string;
}

/** One state of the copies this case's consumer reads. */
export interface CopiesState {
  readonly registry: readonly string[];
  readonly appRule: string | null;
  readonly serviceRule: string | null;
}

export const PREVIEW_IFACE = "com.example.DemoService";
const HOSTS = ["10.0.0.1", "10.0.0.2", "10.0.0.3"];
const PORTS = [20880, 20881];
/** The consumer host the configurator cases name; replaced by the oracle's own host. */
const CASE_CONSUMER_HOSTS = ["10.0.0.9", "192.0.2.2"];

export function generatePreviewCase(seed: number, index: number, line: ConfigOracleLine, localHost: string, now: number): PreviewCase {
  const r = seededRandom((seed ^ Math.imul(index + 1, 0x85ebca6b)) >>> 0);
  const a = generateConfigCase(seed, index * 2, line);
  const b = generateConfigCase(seed, index * 2 + 1, line);
  const group = /[?&]group=([^&]*)/.exec(a.consumer)?.[1] ?? "";
  const version = /[?&]version=([^&]*)/.exec(a.consumer)?.[1] ?? "";
  const application = /[?&]application=([^&]*)/.exec(a.consumer)?.[1] ?? "shop";
  const here = (s: string) => CASE_CONSUMER_HOSTS.reduce((t, h) => t.split(h).join(localHost), s);
  const state = (c: typeof a): CopiesState => ({ registry: c.registry.map(here), appRule: c.appRule && here(c.appRule), serviceRule: c.serviceRule && here(c.serviceRule) });
  const before = r.chance(0.15) ? { registry: [], appRule: null, serviceRule: null } : state(a);
  const kind = r.int(4);
  const after: CopiesState = kind === 0 ? before : kind === 1 ? { ...before, registry: state(b).registry } : kind === 2 ? { ...before, serviceRule: state(b).serviceRule } : state(b);
  const gv = `${group ? `&group=${group}` : ""}${version ? `&version=${version}` : ""}`;
  const own = [
    r.chance(0.3) ? `&timeout=${r.pick(["2000", "3000"])}` : "",
    r.chance(0.2) ? `&retries=${r.pick(["0", "1"])}` : "",
    r.chance(0.15) ? `&loadbalance=${r.pick(["roundrobin", "leastactive"])}` : "",
    r.chance(0.05) ? "&weight=300" : "",
    r.chance(0.05) ? "&warmup=120000" : "",
  ].join("");
  const consumer = `consumer://${localHost}/${PREVIEW_IFACE}?application=${application}&category=consumers&check=false&interface=${PREVIEW_IFACE}${gv}&release=${line === "2.7" ? "2.7.23" : "3.3.6"}&side=consumer${own}`;
  const addresses = HOSTS.flatMap((h) => PORTS.map((p) => `${h}:${p}`));
  const providers: string[] = [];
  for (let i = 0, n = 1 + r.int(5); i < n; i++) {
    const address = addresses.splice(r.int(addresses.length), 1)[0]!;
    const timestamp = r.pick([null, now - 3_600_000, now - r.int(10) * 60_000 - r.int(60_000), now + 60_000]);
    const extra = [
      r.chance(0.4) ? `&weight=${r.pick(["50", "100", "200", "900", "0", "x"])}` : "",
      r.chance(0.1) ? `&warmup=${r.pick(["60000", "1200000"])}` : "",
      r.chance(0.2) ? "&timeout=4000" : "",
      r.chance(0.1) ? `&disabled=${r.pick(["true", "false", "TRUE"])}` : "",
      r.chance(0.1) ? `&enabled=${r.pick(["false", "true"])}` : "",
      r.chance(0.1) ? "&loadbalance=roundrobin" : "",
      timestamp === null ? "" : `&timestamp=${timestamp}`,
    ].join("");
    const release = r.chance(0.5) ? "2.7.23" : "3.3.6";
    providers.push(`dubbo://${address}/${PREVIEW_IFACE}?anyhost=true&application=demo-provider&interface=${PREVIEW_IFACE}${gv}&pid=${1000 + i}&release=${release}&side=provider${extra}`);
  }
  return { before, after, consumer, providers, group, version, application };
}
