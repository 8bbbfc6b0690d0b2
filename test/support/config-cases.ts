import type { ConfigCase, ConfigOracleLine } from "./config-oracle";
import { type SeededRandom, seededRandom } from "./seeded-random";

/**
 * Generated configurator cases for the differential test (config-differential.test.ts):
 * registry `override://` / `absent://` / `empty://` URLs with a specific address or
 * `0.0.0.0`, with or without a port, `providers`, `application`, `side`, `~key`, `priority`,
 * `enabled`; config-center rules in v2.7, v3.0 and v3.1, service and application scope,
 * with addresses (quoted and not), providerAddresses, applications, services (`*` too),
 * item types, `match` conditions, and broken YAML; consumer and provider URLs drawn from a
 * small pool of hosts, applications, groups and versions so that rules often meet their targets.
 * The same (seed, index) always gives the same case.
 */

const IFACE = "com.example.DemoService";
const OTHER = "com.example.OtherService";
const HOSTS = ["10.0.0.1", "10.0.0.2", "10.0.0.3"];
const PORTS = [20880, 20881];
const APPS = ["shop", "cart", "demo-provider"];
const KEYS = ["weight", "timeout", "retries", "loadbalance", "disabled", "cluster", "sayHello.timeout", "enabled"];
const VALUES: Readonly<Record<string, readonly string[]>> = {
  weight: ["50", "100", "900"],
  timeout: ["1000", "5000"],
  retries: ["0", "2"],
  loadbalance: ["random", "roundrobin"],
  disabled: ["true", "false"],
  cluster: ["failfast", "failover"],
  "sayHello.timeout": ["300"],
  enabled: ["false", "true"],
};

/** The case seed: CONFIG_CASES_SEED when given, else a fresh one (printed by the test). */
export function configCasesSeed(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const given = env.CONFIG_CASES_SEED;
  if (given !== undefined && /^\d+$/.test(given)) return Number(given) >>> 0;
  return (Date.now() ^ (process.pid << 16)) >>> 0;
}

export function generateConfigCases(seed: number, count: number, line: ConfigOracleLine): ConfigCase[] {
  return Array.from({ length: count }, (_, i) => generateConfigCase(seed, i, line));
}

export function generateConfigCase(seed: number, index: number, line: ConfigOracleLine): ConfigCase {
  const r = seededRandom((seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
  const group = r.chance(0.2) ? "g1" : "";
  const version = r.chance(0.2) ? "1.0" : "";
  const consumerApp = r.pick(APPS.slice(0, 2));
  const consumer = `consumer://${r.pick(["10.0.0.9", "192.0.2.2"])}/${IFACE}?application=${consumerApp}&side=consumer&interface=${IFACE}${gv(group, version)}${r.chance(0.3) ? `&timeout=${r.pick(["2000", "3000"])}` : ""}`;
  const providers = Array.from({ length: 1 + r.int(3) }, () => providerUrl(r, line, consumerApp, group, version));
  const registry = r.chance(0.7) ? Array.from({ length: r.int(4) }, () => registryUrl(r, group, version)) : [];
  const appRule = r.chance(0.4) ? yamlRule(r, "application", group, version) : null;
  const serviceRule = r.chance(0.5) ? yamlRule(r, "service", group, version) : null;
  return { registry, appRule, serviceRule, consumer, providers };
}

function gv(group: string, version: string): string {
  return `${group ? `&group=${group}` : ""}${version ? `&version=${version}` : ""}`;
}

/** 2.7: a merged provider URL (side=consumer, the consumer's application, remote.application kept); 3.x: as registered. */
function providerUrl(r: SeededRandom, line: ConfigOracleLine, consumerApp: string, group: string, version: string): string {
  const host = r.pick(HOSTS);
  const port = r.pick(PORTS);
  const extra = `${r.chance(0.3) ? `&weight=${r.pick(["100", "200"])}` : ""}${r.chance(0.2) ? "&timeout=4000" : ""}${r.chance(0.1) ? "&disabled=false" : ""}`;
  const side = line === "2.7" ? (r.chance(0.85) ? "consumer" : "provider") : "provider";
  const app = line === "2.7" && side === "consumer" ? `${consumerApp}&remote.application=demo-provider` : "demo-provider";
  return `dubbo://${host}:${port}/${IFACE}?anyhost=true&application=${app}&side=${side}&interface=${IFACE}${gv(group, version)}${extra}`;
}

function param(r: SeededRandom): string {
  const key = r.pick(KEYS);
  return `${key}=${r.pick(VALUES[key]!)}`;
}

function registryUrl(r: SeededRandom, group: string, version: string): string {
  if (r.chance(0.05)) return "empty://0.0.0.0/com.example.DemoService?category=configurators";
  const protocol = r.chance(0.2) ? "absent" : "override";
  const address = r.chance(0.4) ? "0.0.0.0" : r.chance(0.7) ? `${r.pick(HOSTS)}:${r.pick(PORTS)}` : r.pick([...HOSTS, "10.0.0.9", "192.0.2.2"]);
  const path = r.chance(0.1) ? OTHER : IFACE;
  const parts = ["category=configurators", "dynamic=false"];
  for (let i = 0, n = 1 + r.int(3); i < n; i++) parts.push(param(r));
  if (r.chance(0.3)) parts.push(`application=${r.pick([...APPS, "*"])}`);
  if (r.chance(0.2)) parts.push(`side=${r.pick(["consumer", "provider"])}`);
  if (r.chance(0.15)) parts.push(`${r.chance(0.8) ? "providerAddresses" : "providers"}=${r.pick(HOSTS)}:${r.pick(PORTS)}${r.chance(0.3) ? `,${r.pick(["0.0.0.0", "10.0.0.2", "0.0.0.0:*"])}` : ""}`);
  if (r.chance(0.15)) parts.push(`~weight=${r.pick(["100", "200", "*"])}`);
  if (r.chance(0.2)) parts.push(`priority=${r.int(3)}`);
  if (r.chance(0.1)) parts.push("enabled=false");
  if (r.chance(0.3)) parts.push(...gv(group, version).split("&").filter((s) => s !== ""));
  if (r.chance(0.05)) return `override://0.0.0.0/${IFACE}?anyhost=true`;
  return `${protocol}://${address}/${path}?${parts.join("&")}`;
}

function yamlRule(r: SeededRandom, scope: "application" | "service", group: string, version: string): string {
  if (r.chance(0.04)) return r.pick(["configs: [", "configVersion: v3.0\nkey: x\n", "just text", "configVersion: v3.0\nkey: shop\nconfigs:\n- parameters: {}\n", "configVersion: v3.0\nscope: service\nkey: com.example.DemoService\nconfigs:\n- parameters:\n    timeout:\n"]);
  const configVersion = r.pick(["v2.7", "v3.0", "v3.1"]);
  const key = scope === "application" ? r.pick(APPS) : `${group ? `${group}/` : ""}${IFACE}${version ? `:${version}` : ""}`;
  const lines = [`configVersion: ${configVersion}`, `scope: ${scope}`, `key: ${key}`, `enabled: ${r.chance(0.9)}`, "configs:"];
  for (let i = 0, n = 1 + r.int(2); i < n; i++) lines.push(...item(r, scope));
  return `${lines.join("\n")}\n`;
}

function item(r: SeededRandom, scope: "application" | "service"): string[] {
  const out: string[] = [];
  const side = r.chance(0.6) ? "consumer" : r.chance(0.8) ? "provider" : null;
  out.push(`- side: ${side ?? "null"}`);
  if (r.chance(0.2)) out.push(`  type: ${r.pick(["general", "weight", "disabled"])}`);
  if (r.chance(0.3)) out.push(`  enabled: ${r.chance(0.7)}`);
  if (r.chance(0.4)) {
    const addrs = Array.from({ length: 1 + r.int(2) }, () => (r.chance(0.5) ? `${r.pick(HOSTS)}:${r.pick(PORTS)}` : r.pick([...HOSTS, "0.0.0.0", "10.0.0.9", "192.0.2.2"])));
    out.push(`  addresses: [${addrs.map((a) => (r.chance(0.5) ? `"${a}"` : a)).join(", ")}]`);
  }
  if (r.chance(0.25)) out.push(`  providerAddresses: ["${r.pick(HOSTS)}:${r.pick(PORTS)}"]`);
  if (scope === "service" && r.chance(0.3)) out.push(`  applications: [${r.some(APPS, 1 + r.int(2)).join(", ")}]`);
  if (scope === "application" && r.chance(0.5)) out.push(`  services: [${r.pick([IFACE, OTHER, "*", `g1/${IFACE}:1.0`])}]`);
  out.push("  parameters:");
  for (let i = 0, n = 1 + r.int(3); i < n; i++) {
    const key = r.pick(KEYS);
    out.push(`    ${key}: ${r.pick(VALUES[key]!)}`);
  }
  if (r.chance(0.3)) out.push(...matchLines(r));
  return out;
}

function matchLines(r: SeededRandom): string[] {
  const out = ["  match:"];
  if (r.chance(0.5)) out.push(`    address:\n      ${r.pick(["wildcard: \"*\"", `exact: "${r.pick(["10.0.0.9", "192.0.2.2", ...HOSTS])}"`, 'wildcard: "10.0.0.*"', 'cird: "10.0.0.0/24"'])}`);
  if (r.chance(0.4)) out.push(`    providerAddress:\n      ${r.pick([`exact: "${r.pick(HOSTS)}:${r.pick(PORTS)}"`, 'wildcard: "10.0.0.1*"'])}`);
  if (r.chance(0.4)) out.push(`    app:\n      oneof:\n        - ${r.pick(["exact", "prefix"])}: ${r.pick(APPS)}`);
  if (r.chance(0.3)) out.push(`    service:\n      oneof:\n        - ${r.pick(["exact: com.example.DemoService", "prefix: com.example", "regex: .*Other.*"])}`);
  if (r.chance(0.3)) out.push(`    param:\n      - key: ${r.pick(["timeout", "weight", "side"])}\n        value:\n          ${r.pick(["exact: consumer", "noempty: x", "empty: x", "exact: '5000'"])}`);
  if (out.length === 1) out.push("    app:\n      oneof:\n        - exact: shop");
  return out;
}
