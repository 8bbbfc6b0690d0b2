import { describe, expect, it } from "vitest";
import { parseDubboUrl } from "@/lib/dubbo/url";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { ConfigCenterOverrides } from "@/server/cluster/config-center-overrides";
import type { Invoker } from "@/server/cluster/invoker";
import { RegistryDirectory } from "@/server/cluster/directory/registry-directory";
import { FakeInvoker, invocation, VALUE } from "./fakes";

const IFACE = "com.foo.DemoService";
const SERVICE = { interface: IFACE, group: "", version: "" };
const P1 = `dubbo://10.0.0.1:20880/${IFACE}?application=shop&interface=${IFACE}&methods=sayHello`;
const P2 = `dubbo://10.0.0.2:20880/${IFACE}?application=shop&interface=${IFACE}&methods=sayHello`;
const SERVICE_KEY = `${IFACE}::`;
const PATH = (key: string) => `/dubbo/config/dubbo/${key}.configurators`;

/** A consumer-side rule takes a provider out by `providerAddresses`; its `addresses` are the consumers'. */
const disable = (address: string, field = "providerAddresses") => `configVersion: v3.0
scope: service
key: ${IFACE}
enabled: true
configs:
- ${field}: ["${address}"]
  side: consumer
  parameters:
    disabled: true
`;

const appTimeout = (ms: number) => `configVersion: v3.0
scope: application
key: dubbo-console
enabled: true
configs:
- side: consumer
  parameters:
    timeout: ${ms}
`;

function recordingLog() {
  const warnings: Record<string, unknown>[] = [];
  return { warnings, log: { warn: (_m: string, fields?: Record<string, unknown>) => void warnings.push(fields ?? {}) } };
}

function directory(dialect: DubboRelease, overrides: ConfigCenterOverrides) {
  const providers = [P1, P2].map((text) => ({ text, url: parseDubboUrl(text) }));
  const snapshot = { providers, configurators: [], routes: [] };
  return new RegistryDirectory({
    consumer: { host: "10.9.9.9", service: SERVICE },
    dialect,
    snapshot: () => snapshot,
    createInvoker: (url) => Object.assign(new FakeInvoker(`${url.host}:${url.port}`, "", VALUE(url.host)), { url }),
    centerConfigurators: (consumer) => overrides.forConsumer(consumer),
  });
}

const addresses = (invokers: readonly Invoker[]) => invokers.map((i) => i.address);
const CALL = invocation();

describe("config-center configurators held by the console's consumer", () => {
  for (const dialect of ["2.7", "3.x"] as const) {
    it(`${dialect}: a service rule disabling one provider address leaves it out, and deleting the node brings it back`, () => {
      const overrides = new ConfigCenterOverrides(dialect, recordingLog().log);
      const dir = directory(dialect, overrides);
      expect(addresses(dir.list(CALL))).toEqual(["10.0.0.1:20880", "10.0.0.2:20880"]);
      overrides.update(SERVICE_KEY, PATH(SERVICE_KEY), disable("10.0.0.2:20880"));
      expect(addresses(dir.list(CALL))).toEqual(["10.0.0.1:20880"]);
      overrides.update(SERVICE_KEY, PATH(SERVICE_KEY), null);
      expect(addresses(dir.list(CALL))).toEqual(["10.0.0.1:20880", "10.0.0.2:20880"]);
    });

    it(`${dialect}: the console application's rule applies to its calls, and the service's rule wins over it`, () => {
      const overrides = new ConfigCenterOverrides(dialect, recordingLog().log);
      const dir = directory(dialect, overrides);
      overrides.update("dubbo-console", PATH("dubbo-console"), appTimeout(1234));
      expect(dir.list(CALL).map((i) => i.url.parameters.timeout)).toEqual(["1234", "1234"]);
      const serviceTimeout = `configVersion: v3.0\nscope: service\nkey: ${IFACE}\nconfigs:\n- side: consumer\n  parameters:\n    timeout: 77\n`;
      overrides.update(SERVICE_KEY, PATH(SERVICE_KEY), serviceTimeout);
      expect(dir.list(CALL).map((i) => i.url.parameters.timeout)).toEqual(["77", "77"]);
    });
  }

  it("as Java: a consumer-side rule whose `addresses` name a provider's host:port reaches no provider (they are consumer addresses)", () => {
    for (const dialect of ["2.7", "3.x"] as const) {
      const overrides = new ConfigCenterOverrides(dialect, recordingLog().log);
      overrides.update(SERVICE_KEY, PATH(SERVICE_KEY), disable("10.0.0.2:20880", "addresses"));
      expect(addresses(directory(dialect, overrides).list(CALL))).toEqual(["10.0.0.1:20880", "10.0.0.2:20880"]);
      overrides.update(SERVICE_KEY, PATH(SERVICE_KEY), disable("10.9.9.9", "addresses").replace("side: consumer", "side: consumer\n  providerAddresses: [\"10.0.0.2:20880\"]"));
      expect(addresses(directory(dialect, overrides).list(CALL))).toEqual(["10.0.0.1:20880"]);
    }
  });

  it("ignores another application's rule", () => {
    const overrides = new ConfigCenterOverrides("3.x", recordingLog().log);
    overrides.update("shop", PATH("shop"), appTimeout(999).replace("key: dubbo-console", "key: shop"));
    const dir = directory("3.x", overrides);
    expect(dir.list(CALL).map((i) => i.url.parameters.timeout)).toEqual([undefined, undefined]);
    expect(overrides.configurators("shop")).toHaveLength(1);
  });

  it("a malformed rule is logged once with its node path and leaves the configurators held (none at first)", () => {
    const { warnings, log } = recordingLog();
    const overrides = new ConfigCenterOverrides("3.x", log);
    const bad = "configVersion: v3.0\nconfigs: [\n";
    overrides.update(SERVICE_KEY, PATH(SERVICE_KEY), bad);
    overrides.update(SERVICE_KEY, PATH(SERVICE_KEY), bad);
    expect(overrides.configurators(SERVICE_KEY)).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ node: PATH(SERVICE_KEY), release: "3.x" });

    overrides.update(SERVICE_KEY, PATH(SERVICE_KEY), disable("10.0.0.2:20880"));
    const good = overrides.configurators(SERVICE_KEY);
    expect(good).toHaveLength(1);
    overrides.update(SERVICE_KEY, PATH(SERVICE_KEY), "configs: not-a-list");
    expect(overrides.configurators(SERVICE_KEY)).toBe(good);
    expect(warnings).toHaveLength(2);
  });

  it("an empty node is no rule, and an unchanged read keeps the same array (no re-merge)", () => {
    const overrides = new ConfigCenterOverrides("2.7", recordingLog().log);
    overrides.update(SERVICE_KEY, PATH(SERVICE_KEY), disable("10.0.0.2:20880"));
    const held = overrides.configurators(SERVICE_KEY);
    overrides.update(SERVICE_KEY, PATH(SERVICE_KEY), disable("10.0.0.2:20880"));
    expect(overrides.configurators(SERVICE_KEY)).toBe(held);
    overrides.update(SERVICE_KEY, PATH(SERVICE_KEY), "  ");
    expect(overrides.configurators(SERVICE_KEY)).toEqual([]);
  });

  it("keys a versioned and grouped reference as URL.getColonSeparatedKey", () => {
    const overrides = new ConfigCenterOverrides("3.x", recordingLog().log);
    overrides.update(`${IFACE}:1.0:g`, PATH(`${IFACE}:1.0:g`), disable("10.0.0.2:20880"));
    const consumer = parseDubboUrl(`consumer://10.9.9.9/${IFACE}?application=dubbo-console&interface=${IFACE}&version=1.0&group=g&side=consumer`);
    expect(overrides.forConsumer(consumer).service).toHaveLength(1);
    expect(overrides.forConsumer({ ...consumer, parameters: { ...consumer.parameters, group: "" } }).service).toHaveLength(0);
  });
});
