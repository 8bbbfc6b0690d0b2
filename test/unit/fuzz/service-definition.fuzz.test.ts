import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { parseServiceDefinition } from "@/lib/dubbo/service-definition";
import { FUZZ_TIMEOUT_MS, fuzzParameters, mutatedJson, nodeText } from "../../support/fuzz";

vi.setConfig({ testTimeout: FUZZ_TIMEOUT_MS });

/**
 * Property-based fuzzing of the metadata report's service definition reader (the JSON of
 * `/{root}/metadata/{interface}/…/provider/{app}`, 2.7 and 3.x shapes, with fastjson `$ref`s):
 * a definition or a reason, never an exception, whatever the node holds.
 */

const FIXTURES = join(import.meta.dirname, "..", "..", "fixtures", "registry");
const fixture = (name: string): unknown => JSON.parse(readFileSync(join(FIXTURES, name), "utf8"));

const refs = fc.constantFrom("$", "$.types[0]", "$.types[99]", "..", "@", "$.methods[0].parameters", "$.a.b.c", "$[", "");
/** A definition whose types point at each other through `$ref`s, right and wrong. */
const withRefs = fc.tuple(fc.array(refs, { minLength: 1, maxLength: 4 })).map(([rs]) => {
  const doc = fixture("definition-2.7.23-TypesService.json") as { types?: unknown[] };
  doc.types = [...(doc.types ?? []), ...rs.map((r) => ({ $ref: r }))];
  return doc;
});

const definitionText = nodeText(
  mutatedJson(fixture("definition-2.7.23-TypesService.json")),
  mutatedJson(fixture("definition-2.7.23-FaultService.json")),
  mutatedJson(fixture("definition-3.3.6-TypesService.json")),
  withRefs,
);

describe("service definition JSON under fuzzing", () => {
  it("gives a definition or a reason for any node text, and never throws", () => {
    fc.assert(
      fc.property(definitionText, (text) => {
        const parsed = parseServiceDefinition(text);
        if (!parsed.ok) {
          expect(parsed.reason).not.toBe("");
          return;
        }
        for (const m of parsed.value.methods) expect(typeof m.name).toBe("string");
        expect(JSON.stringify(parsed.value.types)).toBeTypeOf("string");
      }),
      fuzzParameters(1_500),
    );
  });
});
