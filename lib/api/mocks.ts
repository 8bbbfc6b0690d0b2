/**
 * The HTTP contract of /api/v1/mocks: per service and method, answers faked by the consumers
 * (lib/mock/mock-rule.ts), saved as consumer-side overrides `{method}.mock=…` with both copies
 * (the registry's `configurators` and the config center's `.configurators`).
 */
import { z } from "zod";
import { configSchema } from "./overrides/configs";

const shown = (v: unknown) => (typeof v === "string" ? JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v) : v === null ? "null" : Array.isArray(v) ? "a list" : typeof v);
const text = (field: string, what: string, pattern: RegExp, max: number) =>
  z
    .string({ error: (i) => `${field} must be ${what}, got ${shown(i.input)}` })
    .max(max, { error: `${field} is at most ${max} characters` })
    .regex(pattern, { error: (i) => `${field} must be ${what}, got ${shown(i.input)}` });
const flag = (field: string) => z.boolean({ error: (i) => `${field} must be true or false, got ${shown(i.input)}` });
const bodyIssue = (i: { code: string; keys?: readonly string[]; input?: unknown }) => {
  if (i.code === "unrecognized_keys") return `unknown field${i.keys && i.keys.length > 1 ? "s" : ""} ${i.keys?.map((k) => JSON.stringify(k)).join(", ")}; see docs/api.md`;
  if (i.code === "invalid_type") return `the body must be a JSON object, got ${shown(i.input)}`;
  return undefined;
};

/** The text of a value as the override carries it: no '&', '#' or control characters (see lib/api/overrides/configs.ts). */
const carried = (v: unknown) => !/[&#\u0000-\u001f\u007f]/.test(typeof v === "string" ? v : JSON.stringify(v) ?? "");

const mockFields = {
  method: text("method", "a Java method name such as greet", /^[A-Za-z_$][\w$]*$/, 200),
  mode: z.enum(["force", "fail"], { error: (i) => `mode must be "force" (never call the provider) or "fail" (answer this when the call fails), got ${shown(i.input)}` }),
  returns: z.unknown().optional(),
  throws: z.union([z.literal(""), text("throws", "a Java exception class such as java.lang.IllegalStateException", /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/, 300)]).optional(),
  applications: z
    .array(text("applications", "a consumer application name: letters, digits, '.', '_' or '-'", /^[\w.-]+$/, 200), { error: "applications must be a list of consumer applications" })
    .max(100, { error: "applications holds at most 100 entries" })
    .default([]),
  enabled: flag("enabled").default(true),
};

function checkAnswer(b: { returns?: unknown; throws?: string }, ctx: z.RefinementCtx) {
  if ((b.returns === undefined) === (b.throws === undefined)) ctx.addIssue({ code: "custom", path: ["returns"], message: "give what the mock answers: returns (a JSON value) or throws (an exception class, \"\" for Dubbo's RpcException), not both" });
  if (b.returns !== undefined && !carried(b.returns)) ctx.addIssue({ code: "custom", path: ["returns"], message: "returns must have no '&', '#' or control characters (an override cannot carry them)" });
  if (typeof b.returns === "string" && (b.returns.trim() !== b.returns || b.returns.length > 2_000)) ctx.addIssue({ code: "custom", path: ["returns"], message: "a returned string has no white space at either end and is at most 2,000 characters" });
  if (b.returns !== undefined && typeof b.returns === "object" && b.returns !== null && JSON.stringify(b.returns).length > 4_000) ctx.addIssue({ code: "custom", path: ["returns"], message: "returns is at most 4,000 characters of JSON" });
}

const serviceFields = {
  service: text("service", "a Java interface name such as com.foo.BarService", /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/, 255),
  group: text("group", "letters, digits, '.', '_' or '-' ('' for none)", /^[\w.-]*$/, 100).default(""),
  version: text("version", "letters, digits, '.', '_' or '-' ('' for none)", /^[\w.-]*$/, 100).default(""),
};

/** POST /api/v1/mocks. */
export const createMockBodySchema = z
  .strictObject({ ...serviceFields, ...mockFields, registry: z.string().min(1).max(2_000).optional() }, { error: bodyIssue })
  .superRefine(checkAnswer);
export type CreateMockBody = z.output<typeof createMockBodySchema>;

/** PUT /api/v1/mocks/{id}: the mock as it is to be (its service stays), based on `revision` (or If-Match). */
export const replaceMockBodySchema = z.strictObject({ ...mockFields, revision: z.string().min(1).max(200).optional() }, { error: bodyIssue }).superRefine(checkAnswer);
export type ReplaceMockBody = z.output<typeof replaceMockBodySchema>;

export const toggleMockBodySchema = z.strictObject({ revision: z.string().min(1).max(200).optional() }, { error: bodyIssue });
export const deleteMockQuerySchema = z.object({ revision: z.string().min(1).max(200).optional() });

const exact = (field: string) => z.string({ error: `${field} must be text` }).max(255).optional();
export const mocksQuerySchema = z.object({ service: exact("service"), group: exact("group"), version: exact("version"), registry: z.string().max(2_000).optional() });
export type MocksQuery = z.output<typeof mocksQuerySchema>;

export const mockSchema = z.object({
  /** The override's id. */
  id: z.string(),
  registry: z.string(),
  service: z.string(),
  group: z.string(),
  version: z.string(),
  method: z.string(),
  mode: z.enum(["force", "fail"]),
  returns: z.unknown().optional(),
  throws: z.string().optional(),
  /** The consumer applications it applies to; empty: every consumer. */
  applications: z.array(z.string()),
  enabled: z.boolean(),
  revision: z.string(),
  /** The registered consumers that receive mocked answers (for `fail`: when their calls fail). */
  consumers: z.array(z.object({ application: z.string(), host: z.string(), release: z.string() })),
  /** The override it is saved as. */
  config: configSchema,
});
export type Mock = z.infer<typeof mockSchema>;

export const mocksResponseSchema = z.object({ mocks: z.array(mockSchema) });
