import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { registryStatusResponseSchema } from "@/lib/api/registry-state";
import { servicesResponseSchema } from "@/lib/api/services";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const apiDoc = readFileSync(join(ROOT, "docs", "api.md"), "utf8");

/** The first ```json block of the section of docs/api.md that starts with `heading`. */
function example(heading: string): unknown {
  const section = apiDoc.slice(apiDoc.indexOf(`\n${heading}\n`));
  const block = /```json\n([\s\S]*?)\n```/.exec(section)?.[1];
  if (block === undefined) throw new Error(`no JSON example under ${heading}`);
  return JSON.parse(block);
}

/** The applications `npm run demo` starts, read from scripts/demo.ts. */
const demoApps = new Set([...readFileSync(join(ROOT, "scripts", "demo.ts"), "utf8").matchAll(/app: "([^"]+)"/g)].map((m) => m[1]));

describe("the examples of docs/api.md", () => {
  it("shows GET /api/v1/services in the shape the schema accepts, with applications the demo runs", () => {
    const body = servicesResponseSchema.parse(example("## GET /api/v1/services"));
    expect(demoApps.size).toBeGreaterThan(0);
    for (const service of body.services) expect(service.applications.filter((a) => !demoApps.has(a))).toEqual([]);
  });

  it("shows GET /api/v1/registry in the shape the schema accepts", () => {
    expect(() => registryStatusResponseSchema.parse(example("## GET /api/v1/registry"))).not.toThrow();
  });
});
