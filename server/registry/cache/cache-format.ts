import { z } from "zod";
import { parseEncodedDubboUrl } from "@/lib/dubbo/url";
import { isConsoleError } from "@/lib/errors";
import { CATEGORIES, type Category } from "../categories";
import type { RegistryEntry, ViewSnapshot } from "../registry-view";

/**
 * The disk cache's format: a registry view as text, and back. Pure: the file, its gzip
 * wrapping and its atomic replacement are in registry-cache.ts.
 *
 * JSON Lines, every line ending in '\n':
 * - line 1, the header: `{"format","version","registry":{"servers","root"},"savedAt",
 *   "services","urls","invalid"}`;
 * - one line per service: `{"service":"a.B","providers":[...],"consumers":[...],...}`,
 *   each category the view holds, as the list of ZooKeeper child names;
 * - one line per node the view skipped: `{"invalid":"/dubbo/a.B/providers/x","reason":"..."}`.
 *
 * URLs stay the child names exactly as ZooKeeper listed them, so a loaded view is parsed
 * by the same code as a live read. The header's counts tell a file cut at a line boundary
 * from a whole one. Lines let the writer encode a large view a little at a time.
 * (Dubbo's own cache, AbstractRegistry, is a Properties file keyed by subscription; the
 * console mirrors the whole tree, so it keeps the tree.)
 */

/** The header's `format`: says the file is a console registry cache at all. */
export const CACHE_FORMAT = "dubbo-console/registry-cache";
/** Raised on any change an older reader could misread; a file of another version is ignored. */
export const CACHE_FORMAT_VERSION = 1;
/** URLs decoded between two pauses of {@link decodeRegistryCacheSteps}: some 5 to 10 ms of parsing. */
const URLS_PER_STEP = 500;

/** Which registry a cache belongs to: its servers (in any order) and root. */
export interface CacheIdentity {
  readonly servers: readonly string[];
  readonly root: string;
}

const childName = z.string().regex(/^[^/]+$/, "is not a ZooKeeper child name");

const headerSchema = z.strictObject({
  format: z.literal(CACHE_FORMAT),
  version: z.literal(CACHE_FORMAT_VERSION),
  registry: z.strictObject({ servers: z.array(z.string().min(1)).min(1), root: z.string().regex(/^\/\S*$/, "is not a ZooKeeper path") }),
  /** When the view in the file was last known current (ms since the epoch). */
  savedAt: z.number().int().nonnegative(),
  services: z.number().int().nonnegative(),
  urls: z.number().int().nonnegative(),
  invalid: z.number().int().nonnegative(),
});
export type CacheHeader = z.infer<typeof headerSchema>;

const categoryList = z.array(childName).optional();
const serviceLineSchema = z.strictObject({
  service: childName,
  providers: categoryList,
  consumers: categoryList,
  routers: categoryList,
  configurators: categoryList,
});
const invalidLineSchema = z.strictObject({ invalid: z.string().startsWith("/"), reason: z.string() });

export type CacheDecodeResult = { ok: true; header: CacheHeader; snapshot: ViewSnapshot } | { ok: false; reason: string };

/**
 * The lines of a cache file holding `snapshot`, header first, each ending in '\n'.
 * Lazy, so a writer can let other work run between lines.
 */
export function* encodeRegistryCache(snapshot: ViewSnapshot, registry: CacheIdentity, savedAt: number): Generator<string, void, void> {
  let urls = 0;
  for (const node of snapshot.services.values()) for (const entries of node.values()) urls += entries.length;
  const header: CacheHeader = {
    format: CACHE_FORMAT,
    version: CACHE_FORMAT_VERSION,
    registry: { servers: [...registry.servers], root: registry.root },
    savedAt,
    services: snapshot.services.size,
    urls,
    invalid: snapshot.invalid.length,
  };
  yield `${JSON.stringify(header)}\n`;
  for (const [service, node] of snapshot.services) {
    const line: Record<string, unknown> = { service };
    for (const category of CATEGORIES) {
      const entries = node.get(category);
      if (entries) line[category] = entries.map((e) => e.node);
    }
    yield `${JSON.stringify(line)}\n`;
  }
  for (const { path, reason } of snapshot.invalid) yield `${JSON.stringify({ invalid: path, reason })}\n`;
}

/** Decodes a whole file at once; see {@link decodeRegistryCacheSteps}. */
export function decodeRegistryCache(file: string | Uint8Array, expected: CacheIdentity): CacheDecodeResult {
  const steps = decodeRegistryCacheSteps(file, expected);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Decodes a file (its text, or its UTF-8 bytes, taken a line at a time so a large file is
 * never turned into one string), pausing (a bare `yield`) every 500 URLs or so, so that
 * an async caller can let other work run. Returns the view, or why the file is not one:
 * not UTF-8 JSON Lines, another format or version, another registry's, a field of the
 * wrong type, or cut short. A URL that no longer parses is listed as an invalid node, as
 * a live read would list it, and does not reject the file.
 */
export function* decodeRegistryCacheSteps(file: string | Uint8Array, expected: CacheIdentity): Generator<void, CacheDecodeResult, void> {
  if (file.length === 0) return { ok: false, reason: "empty file" };
  const decoder = new Decoder(expected);
  let sincePause = 0;
  let number = 0;
  for (const line of linesOf(file)) {
    number++;
    if (line === null) return { ok: false, reason: `line ${number}: cut short: the line has no end` };
    if (line instanceof Error) return { ok: false, reason: `line ${number}: ${line.message}` };
    const failure = decoder.push(line);
    if (failure !== null) return { ok: false, reason: `line ${number}: ${failure}` };
    sincePause += 1 + decoder.lastUrlCount;
    if (sincePause >= URLS_PER_STEP) {
      sincePause = 0;
      yield;
    }
  }
  return decoder.finish();
}

const NEWLINE = 0x0a;

/**
 * The lines of `file` without their '\n', one at a time: null for a last line that has no
 * '\n' (the file was cut), an Error for bytes that are not UTF-8. A '\n' byte is never part
 * of a multi-byte UTF-8 character, so bytes split at it decode on their own.
 */
function* linesOf(file: string | Uint8Array): Generator<string | null | Error> {
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  for (let start = 0; start < file.length; ) {
    const end = typeof file === "string" ? file.indexOf("\n", start) : file.indexOf(NEWLINE, start);
    if (end < 0) {
      yield null;
      return;
    }
    let line: string;
    try {
      line = typeof file === "string" ? file.slice(start, end) : utf8.decode(file.subarray(start, end));
    } catch {
      yield new Error("not UTF-8 text");
      return;
    }
    yield line;
    start = end + 1;
  }
}

/** The decoding state between lines; `push` answers why a line is wrong, or null. */
class Decoder {
  private header: CacheHeader | null = null;
  private readonly services = new Map<string, Map<Category, RegistryEntry[]>>();
  private readonly invalid: { path: string; reason: string }[] = [];
  private urls = 0;
  private invalidLines = 0;
  /** URLs on the line pushed last, to pace the pauses. */
  lastUrlCount = 0;

  constructor(private readonly expected: CacheIdentity) {}

  push(line: string): string | null {
    this.lastUrlCount = 0;
    if (line === "") return "empty line";
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      return `not JSON (${e instanceof Error ? e.message : String(e)})`;
    }
    if (this.header === null) return this.readHeader(value);
    if (typeof value === "object" && value !== null && "service" in value) return this.readService(value, this.header.registry.root);
    if (typeof value === "object" && value !== null && "invalid" in value) return this.readInvalid(value);
    return "neither a service nor an invalid node";
  }

  finish(): CacheDecodeResult {
    const h = this.header;
    if (h === null) return { ok: false, reason: "no header" };
    const found = { services: this.services.size, urls: this.urls, invalid: this.invalidLines };
    if (found.services !== h.services || found.urls !== h.urls || found.invalid !== h.invalid) {
      const counts = (c: typeof found) => `${c.services} services, ${c.urls} URLs, ${c.invalid} invalid nodes`;
      return { ok: false, reason: `cut short or altered: the header says ${counts(h)}, the file holds ${counts(found)}` };
    }
    return { ok: true, header: h, snapshot: { services: this.services, invalid: this.invalid } };
  }

  private readHeader(value: unknown): string | null {
    const fields = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
    if (fields.format !== CACHE_FORMAT) return `not a registry cache of the console (format ${JSON.stringify(fields.format) ?? "missing"})`;
    if (fields.version !== CACHE_FORMAT_VERSION) {
      return `format version ${JSON.stringify(fields.version) ?? "missing"}; this console reads version ${CACHE_FORMAT_VERSION}`;
    }
    const header = headerSchema.safeParse(value);
    if (!header.success) return `header ${describeIssue(header.error)}`;
    const { servers, root } = header.data.registry;
    if (!sameRegistry(header.data.registry, this.expected)) {
      return `a cache of another registry (${servers.join(",")} ${root}), not of ${this.expected.servers.join(",")} ${this.expected.root}`;
    }
    this.header = header.data;
    return null;
  }

  private readService(value: object, root: string): string | null {
    const line = serviceLineSchema.safeParse(value);
    if (!line.success) return describeIssue(line.error);
    const { service } = line.data;
    if (this.services.has(service)) return `service ${service} listed twice`;
    const node = new Map<Category, RegistryEntry[]>();
    for (const category of CATEGORIES) {
      const children = line.data[category];
      if (children === undefined) continue;
      const entries: RegistryEntry[] = [];
      for (const child of children) {
        try {
          entries.push({ node: child, url: parseEncodedDubboUrl(child) });
        } catch (e) {
          const path = `${root}/${service}/${category}/${child}`;
          this.invalid.push({ path, reason: isConsoleError(e) ? e.message : String(e) });
        }
      }
      node.set(category, entries);
      this.urls += children.length;
      this.lastUrlCount += children.length;
    }
    this.services.set(service, node);
    return null;
  }

  private readInvalid(value: object): string | null {
    const line = invalidLineSchema.safeParse(value);
    if (!line.success) return describeIssue(line.error);
    this.invalid.push({ path: line.data.invalid, reason: line.data.reason });
    this.invalidLines++;
    return null;
  }
}

function sameRegistry(a: CacheIdentity, b: CacheIdentity): boolean {
  const sorted = (s: readonly string[]) => [...s].sort().join(",");
  return a.root === b.root && sorted(a.servers) === sorted(b.servers);
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "invalid";
  return `${issue.path.length > 0 ? issue.path.join(".") : "line"}: ${issue.message}`;
}
