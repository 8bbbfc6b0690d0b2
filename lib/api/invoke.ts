/**
 * The HTTP contract of POST /api/v1/invoke (issue 8 §6): call one method of one service,
 * through the cluster or on one provider, and answer the value, the provider that served it
 * and the timing. Shared by the handler, the invocation service and the Invoke page.
 *
 * Values travel as JSON by the API's conventions (both ways): a long as a number when
 * |v| ≤ 2^53−1, else a decimal string (input takes either); BigDecimal and BigInteger as
 * exact decimal strings; java.util.Date as ISO-8601 UTC with milliseconds (input also
 * takes epoch ms); an enum as its constant name; byte[] as base64; char as a one-character
 * string; a POJO as an object of its properties (input may carry `"class"` to pick a
 * subtype); a Map as an object; void as null.
 */
import { z } from "zod";
import { says, shown } from "./client/field-messages";
import { isJavaType } from "../dubbo/java-type-ref";

/** The most arguments a call may carry: the JVM's limit on a method's parameters. */
export const INVOKE_MAX_ARGUMENTS = 255;
/** The longest Java type name accepted in `parameterTypes`. */
export const INVOKE_MAX_TYPE_NAME_LENGTH = 1_000;
/** The longest timeout a call may ask for: five minutes (per attempt, and for the whole call). */
export const INVOKE_MAX_TIMEOUT_MS = 300_000;
/** The most retries a call may ask for (`retries`, attempts after the first). */
export const INVOKE_MAX_RETRIES = 10;
/** The whole call's deadline when `deadlineMs` is left out, unless its attempts' timeouts add up to more. */
export const INVOKE_DEFAULT_DEADLINE_MS = 60_000;
/** The most attachments a call may carry, and the longest key and value. */
export const INVOKE_MAX_ATTACHMENTS = 64;
export const INVOKE_MAX_ATTACHMENT_KEY_LENGTH = 255;
export const INVOKE_MAX_ATTACHMENT_VALUE_LENGTH = 4_000;
/** The longest request tag (`tag`, sent as the `dubbo.tag` attachment). */
export const INVOKE_MAX_TAG_LENGTH = 255;
/** The attachment a request tag travels in (Dubbo's `dubbo.tag`, read by the tag router). */
export const TAG_ATTACHMENT = "dubbo.tag";

/** Dubbo's cluster strategies (the `cluster` parameter); left out, the provider URL's, else failover. */
export const CLUSTER_STRATEGIES = ["failover", "failfast", "failsafe", "failback", "forking", "broadcast", "available"] as const;
export type ClusterStrategy = (typeof CLUSTER_STRATEGIES)[number];
/** Dubbo's load balances (the `loadbalance` parameter); left out, the provider URL's, else random. */
export const LOAD_BALANCES = ["random", "roundrobin", "leastactive", "shortestresponse", "consistenthash"] as const;
export type LoadBalanceName = (typeof LOAD_BALANCES)[number];

const text = (field: string, expected: string, pattern: RegExp, max: number) =>
  z
    .string({ error: says(field, expected) })
    .max(max, { error: `${field} must be at most ${max} characters`, abort: true })
    .regex(pattern, { error: says(field, expected), abort: true });

/** `host:port`: a name, an IPv4 address or a bracketed IPv6 one, and a port from 1 to 65535. */
const HOST_PORT = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):([1-9]\d{0,4})$/;
const portInRange = (address: string) => Number(address.slice(address.lastIndexOf(":") + 1)) <= 65_535;

/** One direct address: `dubbo://host:port` or `tri://host:port`, a path and parameters may follow. */
const DIRECT_URL = /^(dubbo|tri):\/\/(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):[1-9]\d{0,4}([/?].*)?$/s;
const DIRECT_URL_EXPECTED = "a direct provider address such as dubbo://10.0.0.1:20880 or tri://10.0.0.1:50051, or several separated by ';'";

/** The addresses of a `url`: split at `;` with the spaces around it, as Java's ReferenceConfig splits its `url` attribute. */
export function directUrlParts(url: string): string[] {
  return url.split(/\s*;+\s*/).map((p) => p.trim()).filter((p) => p !== "");
}

const typeNameField = z
  .string({ error: says("each of parameterTypes", "a Java type name such as java.lang.String, int[] or java.util.List<com.foo.User>") })
  .max(INVOKE_MAX_TYPE_NAME_LENGTH, { error: `each of parameterTypes must be at most ${INVOKE_MAX_TYPE_NAME_LENGTH} characters`, abort: true })
  .refine((t) => isJavaType(t), { error: (issue) => `each of parameterTypes must be a Java type name such as java.lang.String, int[] or java.util.List<com.foo.User>, got ${shown(issue.input)}` });

/**
 * Body of POST /api/v1/invoke.
 *
 * - `parameterTypes`: the method's Java parameter types, as the metadata writes them
 *   (generics allowed: the server erases them for the JVM descriptor and uses them to
 *   type the values); may be left out when the metadata lists one method of that name.
 *   With it, `args` holds one value per type.
 * - `provider` pins the call to one registered provider (`host:port`); `url` calls
 *   providers directly (`dubbo://host:port` or `tri://host:port`, optionally with a path and parameters; several
 *   separated by `;`, over which `cluster` and `loadbalance` run), with no registry. At most one of the two; neither goes through the cluster (the router
 *   chain of the service's routes, then `loadbalance`, with `cluster`'s retries).
 * - `timeoutMs`: each attempt's timeout, 1 to 300000, as a Java consumer's `timeout`; left
 *   out, the provider's `timeout` (per method first).
 * - `retries`: attempts after the first (failover, failback), 0 to 10, as a Java consumer's
 *   `retries`; left out, the provider's (else Dubbo's 2).
 * - `deadlineMs`: the whole call's deadline, 1 to 300000, over every attempt; left out,
 *   60 s, or `timeoutMs × (retries + 1)` when that is longer (at most 300000).
 * - `attachments`: at most 64, sent with the call beside Dubbo's own.
 * - `tag`: the request tag, sent as the `dubbo.tag` attachment, which the tag router of the
 *   service's providers' application routes on (a gray release's providers); trimmed, at
 *   most 255 characters, no control characters; blank is no tag. Not with an
 *   `attachments` entry `dubbo.tag` of another value.
 */
export const invokeRequestSchema = z
  .strictObject(
    {
      service: text("service", "a Java interface name such as com.foo.BarService", /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/, 255),
      group: text("group", "letters, digits, '.', '_' or '-' ('' for none)", /^[\w.-]*$/, 100).optional(),
      version: text("version", "letters, digits, '.', '_' or '-' ('' for none)", /^[\w.-]*$/, 100).optional(),
      method: text("method", "a Java method name such as sayHello", /^[\p{L}_$][\p{L}\p{N}_$]*$/u, 255),
      parameterTypes: z
        .array(typeNameField, { error: says("parameterTypes", 'a list of Java type names such as ["java.lang.String", "int"]') })
        .max(INVOKE_MAX_ARGUMENTS, { error: `parameterTypes may list at most ${INVOKE_MAX_ARGUMENTS} types` })
        .optional(),
      args: z
        .array(z.unknown(), { error: says("args", "a JSON array of the arguments, one per parameter ([] for none)") })
        .max(INVOKE_MAX_ARGUMENTS, { error: `args may hold at most ${INVOKE_MAX_ARGUMENTS} arguments` }),
      provider: text("provider", "a provider's host:port such as 10.0.0.1:20880", HOST_PORT, 300)
        .refine(portInRange, { error: (issue) => `provider's port must be from 1 to 65535, got ${shown(issue.input)}` })
        .optional(),
      url: z
        .string({ error: says("url", DIRECT_URL_EXPECTED) })
        .max(4_000, { error: "url must be at most 4000 characters", abort: true })
        .superRefine((url, ctx) => {
          const parts = directUrlParts(url);
          if (parts.length === 0) ctx.addIssue({ code: "custom", message: says("url", DIRECT_URL_EXPECTED)({ input: url }) });
          for (const part of parts) {
            if (!DIRECT_URL.test(part)) ctx.addIssue({ code: "custom", message: `each address of url must be dubbo://host:port or tri://host:port (a path and parameters may follow), got ${shown(part)}` });
          }
        })
        .optional(),
      timeoutMs: z
        .number({ error: says("timeoutMs", `a whole number of milliseconds from 1 to ${INVOKE_MAX_TIMEOUT_MS}`) })
        .int({ error: says("timeoutMs", `a whole number of milliseconds from 1 to ${INVOKE_MAX_TIMEOUT_MS}`) })
        .min(1, { error: `timeoutMs must be from 1 to ${INVOKE_MAX_TIMEOUT_MS}` })
        .max(INVOKE_MAX_TIMEOUT_MS, { error: `timeoutMs must be from 1 to ${INVOKE_MAX_TIMEOUT_MS}` })
        .optional(),
      retries: z
        .number({ error: says("retries", `a whole number from 0 to ${INVOKE_MAX_RETRIES}`) })
        .int({ error: says("retries", `a whole number from 0 to ${INVOKE_MAX_RETRIES}`) })
        .min(0, { error: `retries must be from 0 to ${INVOKE_MAX_RETRIES}` })
        .max(INVOKE_MAX_RETRIES, { error: `retries must be from 0 to ${INVOKE_MAX_RETRIES}` })
        .optional(),
      deadlineMs: z
        .number({ error: says("deadlineMs", `a whole number of milliseconds from 1 to ${INVOKE_MAX_TIMEOUT_MS}`) })
        .int({ error: says("deadlineMs", `a whole number of milliseconds from 1 to ${INVOKE_MAX_TIMEOUT_MS}`) })
        .min(1, { error: `deadlineMs must be from 1 to ${INVOKE_MAX_TIMEOUT_MS}` })
        .max(INVOKE_MAX_TIMEOUT_MS, { error: `deadlineMs must be from 1 to ${INVOKE_MAX_TIMEOUT_MS}` })
        .optional(),
      attachments: z
        .record(
          z.string().min(1).max(INVOKE_MAX_ATTACHMENT_KEY_LENGTH),
          z.string({ error: says("each value of attachments", "a string") }).max(INVOKE_MAX_ATTACHMENT_VALUE_LENGTH, { error: `each value of attachments must be at most ${INVOKE_MAX_ATTACHMENT_VALUE_LENGTH} characters` }),
          {
            error: (issue) =>
              issue.code === "invalid_key" ? `attachments' keys must be 1 to ${INVOKE_MAX_ATTACHMENT_KEY_LENGTH} characters` : says("attachments", 'an object of strings such as {"traceId": "abc"}')(issue),
          },
        )
        .refine((a) => Object.keys(a).length <= INVOKE_MAX_ATTACHMENTS, { error: `attachments may hold at most ${INVOKE_MAX_ATTACHMENTS} entries` })
        .optional(),
      tag: z
        .string({ error: says("tag", "a request tag such as gray (the dubbo.tag attachment)") })
        .trim()
        .max(INVOKE_MAX_TAG_LENGTH, { error: `tag must be at most ${INVOKE_MAX_TAG_LENGTH} characters`, abort: true })
        .regex(/^\P{Cc}*$/u, { error: "tag must not hold control characters (tabs, line breaks, …)", abort: true })
        .transform((t) => (t === "" ? undefined : t))
        .optional(),
      cluster: z.enum(CLUSTER_STRATEGIES, { error: says("cluster", CLUSTER_STRATEGIES.join(", ")) }).optional(),
      loadbalance: z.enum(LOAD_BALANCES, { error: says("loadbalance", LOAD_BALANCES.join(", ")) }).optional(),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => JSON.stringify(k)).join(", ")}; see docs/api.md`
          : `the body must be a JSON object, got ${shown(issue.input)}`,
    },
  )
  .superRefine((body, ctx) => {
    if (body.provider !== undefined && body.url !== undefined) {
      ctx.addIssue({ code: "custom", path: ["url"], message: "give provider (a registered provider) or url (a direct address), not both" });
    }
    const attached = body.attachments === undefined || !Object.hasOwn(body.attachments, TAG_ATTACHMENT) ? undefined : body.attachments[TAG_ATTACHMENT];
    if (body.tag !== undefined && attached !== undefined && attached !== body.tag) {
      ctx.addIssue({ code: "custom", path: ["tag"], message: `tag ${shown(body.tag)} and the attachment ${TAG_ATTACHMENT} ${shown(attached)} disagree; give one` });
    }
    if (body.parameterTypes !== undefined && body.parameterTypes.length !== body.args.length) {
      const n = body.parameterTypes.length;
      ctx.addIssue({ code: "custom", path: ["args"], message: `args must hold one value per parameter type: ${n} type${n === 1 ? "" : "s"}, ${body.args.length} argument${body.args.length === 1 ? "" : "s"}` });
    }
  });
export type InvokeRequest = z.input<typeof invokeRequestSchema>;
export type InvokeRequestBody = z.output<typeof invokeRequestSchema>;

/**
 * How one try on one provider ended: `ok` (a value), `business_exception` (the method
 * threw: an answer, not retried), `timeout`, `remote_error` (any other Dubbo status),
 * `network_error` (no connection, or it broke), `cancelled` (a forking call's try that
 * another try answered first).
 */
export const INVOKE_OUTCOMES = ["ok", "business_exception", "timeout", "remote_error", "network_error", "cancelled"] as const;
export type InvokeOutcome = (typeof INVOKE_OUTCOMES)[number];

/** One try of the call, in the order they were made. */
export const invokeAttemptSchema = z.object({
  /** `host:port`. */
  provider: z.string(),
  /** The protocol of the try when it is not dubbo: `tri` (a Dubbo 3 provider's Triple endpoint); absent for dubbo. */
  protocol: z.string().optional(),
  outcome: z.enum(INVOKE_OUTCOMES),
  elapsedMs: z.number().nonnegative(),
  /** Why a try failed, for people; absent for `ok`. */
  message: z.string().optional(),
});
export type InvokeAttempt = z.infer<typeof invokeAttemptSchema>;

/**
 * A Java exception the method threw, under its real class (a generic call's
 * GenericException unwrapped): `stackTrace` holds one frame per element, as Java's
 * StackTraceElement.toString writes it (`io.x.FooImpl.bar(FooImpl.java:42)`).
 */
export const businessExceptionSchema = z.object({
  code: z.literal("business_exception"),
  class: z.string(),
  /** Throwable.getMessage(); null when the exception has none. */
  message: z.string().nullable(),
  stackTrace: z.array(z.string()),
  /**
   * The class Dubbo wrapped the exception in, when it did: `java.lang.RuntimeException`
   * (the provider's ExceptionFilter, for an unchecked exception the method does not declare,
   * from outside the interface's jar and the JDK), or a generic call's GenericException.
   */
  wrappedIn: z.string().optional(),
});
export type BusinessException = z.infer<typeof businessExceptionSchema>;

/** Which way the tag router went (lib/tag/tag-router.ts TagRoutePath; docs/tag-routing.md §4–5). */
export const TAG_ROUTE_PATHS = ["static", "dynamic", "static-in-rule", "failover", "untagged", "thrown"] as const;

/**
 * What the tag router of the console's own reference did for the call (through the
 * cluster only; null for a pinned provider or a direct url, which no router sees): the
 * request tag it read (`dubbo.tag`, null: none), whether `dubbo.force.tag` held, the path
 * taken, and `rule`, the application whose `{application}.tag-router` rule it held (the
 * first provider's), null when it held none.
 */
export const tagRouteSchema = z.object({
  tag: z.string().nullable(),
  force: z.boolean(),
  path: z.enum(TAG_ROUTE_PATHS),
  rule: z.string().nullable(),
});
export type TagRoute = z.infer<typeof tagRouteSchema>;

const answered = {
  /** `host:port` of the provider whose answer this is. */
  provider: z.string(),
  /** The protocol that answered when it is not dubbo: `tri`; absent for dubbo. */
  protocol: z.string().optional(),
  tagRoute: tagRouteSchema.nullable(),
  /** From the request reaching the console to the answer, over every try. */
  elapsedMs: z.number().nonnegative(),
  attempts: z.array(invokeAttemptSchema),
};

/**
 * 200: the method returned `value` (null for void and for a null value: Dubbo's answer does
 * not tell them apart; `returnType`, the method's in the metadata, does, and is null when no
 * service definition describes it), or threw (`ok: false`, with the exception).
 */
export const invokeResponseSchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), value: z.unknown(), returnType: z.string().nullable(), ...answered }),
  z.object({ ok: z.literal(false), error: businessExceptionSchema, ...answered }),
]);
export type InvokeResponse = z.infer<typeof invokeResponseSchema>;

/**
 * The issues of a 400 (`validation_failed` for the body, `invalid_arguments` for types and
 * values that do not fit the method): each names the field from the body's root
 * (`args.0.address.zip`, `parameterTypes.1`) and says why.
 */
export const invokeIssuesSchema = z.array(z.object({ path: z.string(), message: z.string() }));
