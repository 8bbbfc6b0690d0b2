/**
 * Issue 8's "Measured": hessian2 encode and decode of the demo POJOs, calls per second of
 * the console's wrapper (server/protocol/hessian) beside hessian.js alone, in one process.
 *
 * The values are the demo's own: a User as TypesServiceImpl.Fixtures.user builds it (long
 * id, name, enum, Address, a list of one Address, a map, BigDecimal, Date), and a list of
 * 10 such users (FaultService.largeList(10)). For each:
 * - encode: the wrapper's writer from the hessian-ready value (what to-java.ts makes), and
 *   hessian.js's `encode(value, "2.0")` from the `{$class, $}` tree a hessian.js user builds
 *   by hand for the same Java value; and, for the record, the wrapper from JSON (to-java
 *   and the writer together: the console's whole path);
 * - decode: the wrapper's reader, and hessian.js's `decode(bytes, "2.0")`, of the same bytes;
 *   and the reader plus fromJava (bytes to the JSON the API answers with).
 * The wrapper and hessian.js are timed in alternating rounds (the machine may be shared);
 * each figure is the median of `rounds` rounds, the ratio the median of the rounds' ratios.
 */
import hessian from "hessian.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { describeTypeFault, type JavaTypeRef, parseJavaType } from "@/lib/dubbo/java-type-ref";
import { parseServiceDefinition } from "@/lib/dubbo/service-definition";
import { fromJava } from "@/server/protocol/hessian/from-java";
import { HessianReader } from "@/server/protocol/hessian/hessian-reader";
import { encodeHessian } from "@/server/protocol/hessian/hessian-writer";
import type { HessianValue } from "@/server/protocol/hessian/java/java-values";
import { toJava } from "@/server/protocol/hessian/to-java";
import { typeCatalogOf } from "@/server/protocol/hessian/type-catalog";
import { median } from "./bench-process";

/** hessian.js's module-level API (index.js): one shared encoder, reset per call. */
interface HessianJs {
  encode(value: unknown, version: "2.0"): Buffer;
  decode(bytes: Buffer, version: "2.0"): unknown;
}
const hessianJs = hessian as unknown as HessianJs;

const API = "io.dubboconsole.demo.api";
const ROUND_MS = 400;
const WARM_UP_MS = 300;

/** TypesServiceImpl.Fixtures.user(id), as JSON. */
function userJson(id: number) {
  return {
    id,
    name: `user-${id}`,
    favouriteColor: ["RED", "GREEN", "BLUE"][id % 3],
    address: { city: "Hangzhou", street: `West Lake Road ${id}`, zip: 310000 },
    previousAddresses: [{ city: "Beijing", street: "Chang'an Avenue 1", zip: 100000 }],
    labels: { tier: id % 2 === 0 ? "gold" : "silver" },
    balance: (1234.5 + id).toFixed(2),
    createdAt: new Date(1700000000000 + id * 1000).toISOString(),
  };
}

/** The same user as hessian.js wants it: `{$class, $}` wherever the Java type matters. */
function userHessianJs(id: number) {
  const u = userJson(id);
  const address = (a: { city: string; street: string; zip: number }) => ({ $class: `${API}.Address`, $: { zip: a.zip, street: a.street, city: a.city } });
  return {
    $class: `${API}.User`,
    $: {
      createdAt: new Date(u.createdAt),
      balance: { $class: "java.math.BigDecimal", $: { value: u.balance } },
      labels: { $class: "java.util.HashMap", $: u.labels },
      previousAddresses: { $class: "java.util.ArrayList", $: u.previousAddresses.map(address) },
      address: address(u.address),
      favouriteColor: { $class: `${API}.Color`, $: { name: u.favouriteColor } },
      name: u.name,
      id: { $class: "long", $: u.id },
    },
  };
}

function type(text: string): JavaTypeRef {
  const parsed = parseJavaType(text);
  if (!parsed.ok) throw new Error(describeTypeFault(text, parsed));
  return parsed.type;
}

/** Calls per second of `fn` over one round of ROUND_MS. */
function round(fn: () => unknown): number {
  let calls = 0;
  const started = performance.now();
  let now = started;
  while (now - started < ROUND_MS) {
    for (let i = 0; i < 20; i++) fn();
    calls += 20;
    now = performance.now();
  }
  return (calls * 1000) / (now - started);
}

/**
 * Calls per second of `ours` and `theirs`, timed in alternating rounds so that both see the
 * same load on a shared machine, and the median of the per-round ratios.
 */
function compare(ours: () => unknown, theirs: () => unknown, rounds: number): { ours: number; theirs: number; ratio: number } {
  const warmUntil = performance.now() + WARM_UP_MS;
  while (performance.now() < warmUntil) {
    ours();
    theirs();
  }
  const a: number[] = [];
  const b: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const [x, y] = r % 2 === 0 ? [round(ours), round(theirs)] : [round(ours), round(theirs)].reverse() as [number, number];
    a.push(x);
    b.push(y);
    ratios.push(x / y);
  }
  return { ours: median(a), theirs: median(b), ratio: median(ratios) };
}

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

export function benchHessian(rounds: number): string[] {
  const definition = parseServiceDefinition(readFileSync(join(import.meta.dirname, "..", "test", "fixtures", "registry", "definition-3.3.6-TypesService.json"), "utf8"));
  if (!definition.ok) throw new Error(definition.reason);
  const catalog = typeCatalogOf(definition.value.types);
  const cases = [
    { name: "User", type: type(`${API}.User`), json: userJson(7) as unknown, hessianJs: userHessianJs(7) as unknown },
    {
      name: "10 Users (largeList)",
      type: type(`java.util.List<${API}.User>`),
      json: Array.from({ length: 10 }, (_, i) => userJson(i)) as unknown,
      hessianJs: { $class: "java.util.ArrayList", $: Array.from({ length: 10 }, (_, i) => userHessianJs(i)) } as unknown,
    },
  ];
  const lines = [`hessian: encode and decode of the demo POJOs, calls/s (median of ${rounds} rounds of ${ROUND_MS} ms; Node ${process.version})`];
  for (const c of cases) {
    const ready = toJava(c.type, c.json, catalog, "value") as HessianValue;
    const ours = encodeHessian([ready]);
    const theirs = Buffer.from(hessianJs.encode(c.hessianJs, "2.0"));
    // Both encodings must stand for the same value before they are timed.
    const same = isDeepStrictEqual(fromJava(new HessianReader(ours).read()), fromJava(new HessianReader(theirs).read()));
    if (!same) throw new Error(`hessian.js and the wrapper encode ${c.name} differently`);
    const encode = compare(() => encodeHessian([ready]), () => hessianJs.encode(c.hessianJs, "2.0"), rounds);
    const decode = compare(() => new HessianReader(ours).read(), () => hessianJs.decode(ours, "2.0"), rounds);
    const fromJson = round(() => encodeHessian([toJava(c.type, c.json, catalog, "value")]));
    const toJson = round(() => fromJava(new HessianReader(ours).read(), { types: catalog }));
    lines.push(
      `hessian: ${c.name} (${ours.length} bytes): encode ${fmt(encode.ours)}/s vs hessian.js ${fmt(encode.theirs)}/s = ${encode.ratio.toFixed(2)}x` +
        ` (from JSON: ${fmt(fromJson)}/s); decode ${fmt(decode.ours)}/s vs hessian.js ${fmt(decode.theirs)}/s = ${decode.ratio.toFixed(2)}x (to JSON: ${fmt(toJson)}/s)`,
    );
  }
  return lines;
}
