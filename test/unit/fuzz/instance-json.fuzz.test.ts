import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { instanceLevelProvider, instanceProviderUrl } from "@/lib/dubbo/discovered-provider";
import { parseMetadataInfo } from "@/lib/dubbo/metadata-info";
import { likelyProtocol, parseServiceInstance, portFor } from "@/lib/dubbo/service-instance";
import { FUZZ_TIMEOUT_MS, fuzzParameters, mutatedJson, nodeText } from "../../support/fuzz";

vi.setConfig({ testTimeout: FUZZ_TIMEOUT_MS });

/**
 * Property-based fuzzing of the application-level discovery readers: the instance JSON of
 * `/services/{app}/{instance}` and the MetadataInfo JSON of `/{root}/metadata/{app}/{revision}`
 * (what server/registry/app-discovery.ts feeds them: a node's bytes as UTF-8). A registry
 * holds whatever any client wrote, so each must give a value or a reason, and never throw.
 */

const FIXTURES = join(import.meta.dirname, "..", "..", "fixtures", "registry");
const fixture = (name: string): unknown => JSON.parse(readFileSync(join(FIXTURES, name), "utf8"));

const instanceText = nodeText(mutatedJson(fixture("instance-3.3.6-local.json")), mutatedJson(fixture("instance-3.3.6-remote.json")));
/** Instances whose embedded JSON (endpoints, MetadataService params) is itself mutated. */
const embeddedText = fc
  .tuple(mutatedJson([{ port: 20880, protocol: "dubbo" }]), mutatedJson({ version: "1.0.0", dubbo: "2.0.2", port: "20881", protocol: "dubbo" }))
  .map(([endpoints, params]) => {
    const doc = fixture("instance-3.3.6-local.json") as { payload: { metadata: Record<string, string> } };
    doc.payload.metadata["dubbo.endpoints"] = JSON.stringify(endpoints) ?? "";
    doc.payload.metadata["dubbo.metadata-service.url-params"] = JSON.stringify(params) ?? "";
    return JSON.stringify(doc);
  });
const metadataText = nodeText(mutatedJson(fixture("metadata-info-3.3.6.json")));

describe("instance JSON under fuzzing", () => {
  it("gives an instance or a reason for any node text, and never throws", () => {
    fc.assert(
      fc.property(fc.oneof(instanceText, embeddedText), (text) => {
        const parsed = parseServiceInstance(text);
        if (!parsed.ok) {
          expect(parsed.reason).not.toBe("");
          return;
        }
        const i = parsed.value;
        expect(i.port >= 1 && i.port <= 65_535).toBe(true);
        expect(typeof likelyProtocol(i)).toBe("string");
        expect(Number.isInteger(portFor(i, "dubbo"))).toBe(true);
      }),
      fuzzParameters(800),
    );
  });

  it("builds a provider from any readable instance and MetadataInfo without throwing", () => {
    fc.assert(
      fc.property(fc.oneof(instanceText, embeddedText), metadataText, (instanceJson, metadataJson) => {
        const instance = parseServiceInstance(instanceJson);
        const metadata = parseMetadataInfo(metadataJson);
        if (!instance.ok || !metadata.ok) return;
        for (const service of metadata.value.services) {
          const url = instanceProviderUrl(instance.value, service);
          expect(url.port).toBeGreaterThan(0);
          expect(instanceLevelProvider(instance.value, "node", service, "metadata-info").key).toBe(service.key);
        }
      }),
      fuzzParameters(400),
    );
  });
});

describe("MetadataInfo JSON under fuzzing", () => {
  it("gives services or a reason for any node text, and never throws", () => {
    fc.assert(
      fc.property(metadataText, (text) => {
        const parsed = parseMetadataInfo(text);
        if (!parsed.ok) {
          expect(parsed.reason).not.toBe("");
          return;
        }
        for (const s of parsed.value.services) expect(s.key).toContain(s.interface);
      }),
      fuzzParameters(800),
    );
  });
});
