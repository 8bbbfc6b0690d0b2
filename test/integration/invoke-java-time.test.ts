import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type InvokeRequest, type InvokeResponse, invokeRequestSchema } from "@/lib/api/invoke";
import { PRESET_ROLES } from "@/lib/auth/roles";
import { isConsoleError } from "@/lib/errors";
import { parseConfig } from "@/server/runtime/config";
import { Engine } from "@/server/runtime/engine";
import { silentLogger } from "@/server/runtime/logger";
import { DEMO, type DubboLine, NO_REGISTRY, type ProviderHandle, startProvider } from "../support/dubbo-peers";

/**
 * java.time values with a zone or an amount, and Calendar, sent to real Dubbo 2.7.23 and
 * 3.3.6 providers of this file's own (TimeService, which the rig does not export; no
 * registry, so no metadata: the calls are typed from the parameter types given) and echoed
 * back: each is ISO-8601 text both ways, and `describe` says how the provider read it.
 */
const rig = inject("rig");
const TIME = DEMO.time.interface;
/** The providers here register nowhere: the direct urls to them are the operator's allowlist, called with invoke.direct-url. */
const DIRECT_URLS = "127.0.0.78:1-65535,127.0.0.79:1-65535";
const CALLER = { role: "admin", permissions: PRESET_ROLES.admin };

let engine: Engine;
const providers = new Map<DubboLine, ProviderHandle>();

beforeAll(async () => {
  engine = new Engine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, DUBBO_CONSOLE_CACHE_DIR: "off", CONSOLE_DIRECT_URLS: DIRECT_URLS }), silentLogger);
  engine.start();
  const [p27, p33] = await Promise.all([
    startProvider({ line: "2.7", registry: NO_REGISTRY, host: "127.0.0.78", services: ["time"], app: "time-provider-27" }),
    startProvider({ line: "3.3", registry: NO_REGISTRY, host: "127.0.0.79", services: ["time"], app: "time-provider-33" }),
  ]);
  providers.set("2.7", p27).set("3.3", p33);
});

afterAll(async () => {
  await engine?.close();
  await Promise.all([...providers.values()].map((p) => p.stop()));
});

/** The call's answer, or `code: message` of the error it ended with; the body goes through the API's schema. */
async function call(line: DubboLine, method: string, parameterTypes: string[], args: unknown[]): Promise<InvokeResponse | string> {
  const body: InvokeRequest = { service: TIME, method, parameterTypes, args, url: `dubbo://${providers.get(line)!.address}`, timeoutMs: 10_000 };
  try {
    return await engine.invocations.invoke(invokeRequestSchema.parse(body), undefined, undefined, CALLER);
  } catch (e) {
    if (isConsoleError(e)) return `${e.code}: ${e.message}`;
    throw e;
  }
}

/** [method, parameter type, the JSON sent, the JSON the echo answers (the value's toString)]. */
const ECHOES: [string, string, string, string][] = [
  ["zoned", "java.time.ZonedDateTime", "2024-05-01T08:30:15.5+08:00[Asia/Shanghai]", "2024-05-01T08:30:15.500+08:00[Asia/Shanghai]"],
  ["zoned", "java.time.ZonedDateTime", "1969-07-20T20:17:40Z", "1969-07-20T20:17:40Z"],
  ["offsetDateTime", "java.time.OffsetDateTime", "2024-02-29T23:59:59.123456789-05:30", "2024-02-29T23:59:59.123456789-05:30"],
  ["offsetTime", "java.time.OffsetTime", "08:30+08:00", "08:30+08:00"],
  ["duration", "java.time.Duration", "P2DT3H4M5.5S", "PT51H4M5.5S"],
  ["duration", "java.time.Duration", "-PT0.5S", "PT-0.5S"],
  ["duration", "java.time.Duration", "PT0S", "PT0S"],
  ["period", "java.time.Period", "P1Y2M3W4D", "P1Y2M25D"],
  ["period", "java.time.Period", "-P1M", "P-1M"],
  ["zone", "java.time.ZoneId", "Asia/Shanghai", "Asia/Shanghai"],
  ["zone", "java.time.ZoneId", "+08:00", "+08:00"],
  ["calendar", "java.util.Calendar", "2024-05-01T08:30:15.123+08:00", "2024-05-01T00:30:15.123Z"],
];

describe.each<DubboLine>(["2.7", "3.3"])("java.time and Calendar against a Dubbo %s provider", (line) => {
  it.each(ECHOES)("%s(%s) echoes %s as %s", async (method, type, sent, echoed) => {
    expect(await call(line, method, [type], [sent])).toMatchObject({ ok: true, value: echoed });
  });

  it("reads each as the value the text says (its own toString)", async () => {
    const types = ["java.time.ZonedDateTime", "java.time.OffsetDateTime", "java.time.OffsetTime", "java.time.Duration", "java.time.Period", "java.time.ZoneId", "java.util.Calendar"];
    const args = ["2024-05-01T08:30:15.5+08:00[Asia/Shanghai]", "2024-02-29T23:59:59.123456789-05:30", "08:30+08:00", "P2DT3H4M5.5S", "P1Y2M3W4D", "Europe/Paris", "1969-07-20T20:17:40.123Z"];
    expect(await call(line, "describe", types, args)).toMatchObject({
      ok: true,
      value: "2024-05-01T08:30:15.500+08:00[Asia/Shanghai] | 2024-02-29T23:59:59.123456789-05:30 | 08:30+08:00 | PT51H4M5.5S | P1Y2M25D | Europe/Paris | 1969-07-20T20:17:40.123Z",
    });
  });

  it("answers 400 for text that is not one, naming the argument", async () => {
    expect(await call(line, "duration", ["java.time.Duration"], ["90 minutes"])).toMatch(/^invalid_arguments: args\.0: java\.time\.Duration: expected an ISO-8601 duration like "PT1H30M"/);
    expect(await call(line, "zoned", ["java.time.ZonedDateTime"], ["2024-05-01T08:30[Asia/Shanghai]"])).toMatch(/^invalid_arguments: args\.0: java\.time\.ZonedDateTime: expected a zone offset at the end/);
  });
});
