import { describe, expect, it } from "vitest";
import type { Config } from "@/lib/api/overrides/configs";
import { configDraft, configRollback } from "@/lib/override/editor/config-rollback";

const config = (patch: Partial<Config> = {}): Config => ({
  id: "zk.abc.0",
  registry: "zk",
  scope: "service",
  key: "io.x.Svc::",
  service: "io.x.Svc",
  group: "",
  version: "",
  side: "consumer",
  addresses: ["0.0.0.0"],
  providerAddresses: ["10.0.0.1:20880"],
  applications: [],
  services: [],
  parameters: { disabled: "true" },
  enabled: true,
  targets: ["registry", "center"],
  origin: "console",
  readOnly: null,
  revision: "r1",
  ...patch,
});

describe("configRollback", () => {
  it("undoes a creation by deleting the config as it is now", () => {
    const now = config({ revision: "r2" });
    expect(configRollback(null, config(), [now])).toEqual({ kind: "delete", config: now });
  });

  it("undoes a deletion by creating the config again from its state before", () => {
    expect(configRollback(config(), null, [])).toEqual({ kind: "create", draft: { scope: "service", service: "io.x.Svc", group: "", version: "", side: "consumer", providerAddresses: ["10.0.0.1:20880"], parameters: { disabled: "true" }, enabled: true } });
  });

  it("undoes an edit by replacing the config at its current revision with the state before", () => {
    const before = config({ parameters: { weight: "100" } });
    const now = config({ parameters: { weight: "900" }, revision: "r3" });
    expect(configRollback(before, config({ parameters: { weight: "900" } }), [now])).toEqual({ kind: "replace", config: now, draft: configDraft(before) });
  });

  it("writes nothing when the config is already as it was, or the created one is gone", () => {
    expect(configRollback(config(), config({ enabled: false }), [config()]).kind).toBe("none");
    expect(configRollback(null, config(), []).kind).toBe("none");
  });
});
