import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as invoke from "@/app/api/v1/invoke/route";
import { javaUrlDecode, javaUrlEncode } from "@/lib/dubbo/url";
import { parseConfig } from "@/server/runtime/config";
import { findEngine, startEngine } from "@/server/runtime/engine";
import { DEMO } from "../support/dubbo-peers";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

/**
 * A provider pinned for invocation that is registered for the service but speaks another
 * protocol (a Dubbo 3.3 provider's `tri://` URL, registered beside its dubbo one): through
 * POST /api/v1/invoke's handler, the answer says it is registered and speaks tri, which the
 * console does not call yet (422 unsupported_protocol), not that it is no provider.
 */
const rig = inject("rig");
const PROVIDERS = `/dubbo/${DEMO.greeting.interface}/providers`;

let zk: TestZk;
let node: string;
let triAddress: string;

beforeAll(async () => {
  const engine = startEngine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, LOG_LEVEL: "error", DUBBO_CONSOLE_CACHE_DIR: "off" }));
  zk = await connectTestZk(rig.zkConnectString);
  const real = rig.providers.find((p) => p.line === "3.3" && p.registerMode === "interface")!;
  const registered = (await zk.children(PROVIDERS)).map((n) => javaUrlDecode(n)).find((u) => u.startsWith(`dubbo://${real.address}/`))!;
  // The same provider's tri endpoint, as a 3.3 provider exporting both protocols registers it (on a port of its own).
  triAddress = `${real.address.split(":")[0]}:50051`;
  node = `${PROVIDERS}/${javaUrlEncode(registered.replace(`dubbo://${real.address}/`, `tri://${triAddress}/`).replace(/([?&])protocol=dubbo/, "$1protocol=tri"))}`;
  await zk.createWithData(node, "");
  await waitFor("the tri provider in the catalog", () => engine.catalog.entry(DEMO.greeting.interface)?.providers.some((p) => p.url.protocol === "tri"));
});

afterAll(async () => {
  await zk?.remove(node).catch(() => undefined);
  zk?.close();
  await findEngine()?.close();
});

describe("pinning a provider that speaks another protocol", () => {
  it("answers 422 unsupported_protocol saying it is registered and speaks tri", async () => {
    const res = await invoke.POST(
      new Request("http://console/api/v1/invoke", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ service: DEMO.greeting.interface, method: "whoAmI", args: [], provider: triAddress }) }),
    );
    const body = (await res.json()) as { error: { code: string; message: string; protocol?: string; address?: string } };
    expect([res.status, body.error.code, body.error.protocol, body.error.address]).toEqual([422, "unsupported_protocol", "tri", triAddress]);
    expect(body.error.message).toBe(`${triAddress} is registered as a provider of ${DEMO.greeting.interface}, but speaks tri, which the console does not call yet (it calls dubbo:// providers only)`);
  });

  it("still answers no_provider for an address nothing registers", async () => {
    const res = await invoke.POST(
      new Request("http://console/api/v1/invoke", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ service: DEMO.greeting.interface, method: "whoAmI", args: [], provider: "10.255.0.9:50051" }) }),
    );
    expect([res.status, ((await res.json()) as { error: { code: string } }).error.code]).toEqual([503, "no_provider"]);
  });
});
