/**
 * The HTTP contract of /api/v1/gray-flows: the gray releases under way, one per service, as
 * the service page's guided flow runs them (lib/gray/gray-plan.ts). The flow's writes (its
 * override, tag rule or condition routes) are rules of their own kinds, in the registry; this
 * is the flow itself: the plan, what it wrote, and the step it is at, kept in a console-owned
 * ZooKeeper node so every replica and every operator sees the same flow
 * (server/governance/gray/gray-flow-store.ts).
 */
import { z } from "zod";
import { choiceParam, textParam } from "./query-params";

const shown = (v: unknown) => (typeof v === "string" ? JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v) : v === null ? "null" : Array.isArray(v) ? "a list" : typeof v);
const text = (field: string, what: string, pattern: RegExp, max: number) =>
  z
    .string({ error: (i) => `${field} must be ${what}, got ${shown(i.input)}` })
    .max(max, { error: `${field} is at most ${max} characters` })
    .regex(pattern, { error: (i) => `${field} must be ${what}, got ${shown(i.input)}` });
const bodyIssue = (i: { code: string; keys?: readonly string[]; input?: unknown }) => {
  if (i.code === "unrecognized_keys") return `unknown field${i.keys && i.keys.length > 1 ? "s" : ""} ${i.keys?.map((k) => JSON.stringify(k)).join(", ")}; see docs/api.md`;
  if (i.code === "invalid_type") return `the body must be a JSON object, got ${shown(i.input)}`;
  return undefined;
};

const INTERFACE = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;
const NAME = /^[\w.-]*$/;
/** `host:port` as the catalog lists a provider (IPv6 hosts in brackets). */
const ADDRESS = /^(\[[0-9A-Fa-f:.]+\]|[\w.-]+):\d{1,5}$/;
/** A rule id of the console (`opaque`, URL-safe). */
const RULE_ID = /^[\w.~%:=-]+$/;

/** The most providers a flow releases, steps it takes, and consumer applications it names. */
export const GRAY_ADDRESSES_MAX = 200;
export const GRAY_STEPS_MAX = 20;
export const GRAY_APPLICATIONS_MAX = 100;

export const grayPlanSchema = z
  .strictObject(
    {
      service: text("plan.service", "a Java interface name such as com.foo.BarService", INTERFACE, 255),
      group: text("plan.group", "letters, digits, '.', '_' or '-' ('' for none)", NAME, 100),
      version: text("plan.version", "letters, digits, '.', '_' or '-' ('' for none)", NAME, 100),
      newAddresses: z
        .array(text("plan.newAddresses", "a provider's host:port", ADDRESS, 300), { error: "plan.newAddresses must be a list of host:port" })
        .min(1, { error: "plan.newAddresses names at least one provider" })
        .max(GRAY_ADDRESSES_MAX, { error: `plan.newAddresses names at most ${GRAY_ADDRESSES_MAX} providers` }),
      steps: z
        .array(z.number({ error: "each of plan.steps is a whole percent from 1 to 100" }).int({ error: "each of plan.steps is a whole percent from 1 to 100" }).min(1).max(100), { error: "plan.steps must be a list of percents" })
        .min(1, { error: "plan.steps has at least one step" })
        .max(GRAY_STEPS_MAX, { error: `plan.steps has at most ${GRAY_STEPS_MAX} steps` }),
      mode: z.enum(["weight", "tag", "applications"], { error: (i) => `plan.mode must be "weight", "tag" or "applications", got ${shown(i.input)}` }).optional(),
      tag: text("plan.tag", "a tag name: letters, digits, '.', '_', '-' or '|'", /^[\w.|-]+$/, 200).optional(),
      applications: z
        .array(text("plan.applications", "a consumer application name: letters, digits, '.', '_' or '-'", /^[\w.-]+$/, 200), { error: "plan.applications must be a list of consumer applications" })
        .max(GRAY_APPLICATIONS_MAX, { error: `plan.applications names at most ${GRAY_APPLICATIONS_MAX} applications` })
        .optional(),
    },
    { error: bodyIssue },
  )
  .superRefine((p, ctx) => {
    if (p.steps.some((s, i) => i > 0 && s <= p.steps[i - 1]!)) ctx.addIssue({ code: "custom", path: ["steps"], message: "each of plan.steps must send more than the one before it" });
    if (p.mode === "tag" && p.tag === undefined) ctx.addIssue({ code: "custom", path: ["tag"], message: "a tag-mode plan names its tag" });
    if (p.mode === "applications" && (p.applications === undefined || p.applications.length === 0)) ctx.addIssue({ code: "custom", path: ["applications"], message: "an applications-mode plan names at least one consumer application" });
  });
export type GrayPlanBody = z.output<typeof grayPlanSchema>;

/** What the flow is at: its plan, the rule(s) it wrote and the last step applied. */
const flowStateFields = {
  plan: grayPlanSchema,
  /** The flow's override (weight mode) or tag rule (tag mode) once its first step is applied. */
  configId: text("configId", "the id of the rule the flow wrote", RULE_ID, 1_000).nullable(),
  /** The last step applied; -1 before the first. */
  step: z.number({ error: "step must be a whole number from -1" }).int({ error: "step must be a whole number from -1" }).min(-1, { error: "step must be a whole number from -1" }),
  /** `applications` mode: the ids of the condition routes the flow wrote. */
  routeIds: z.array(text("routeIds", "the id of a route the flow wrote", RULE_ID, 1_000)).max(2, { error: "routeIds holds at most 2 ids" }).optional(),
};
const stepInPlan = (f: { plan: { steps: readonly number[]; mode?: string | undefined }; step: number }, ctx: z.RefinementCtx) => {
  const last = f.plan.mode === "tag" || f.plan.mode === "applications" ? 0 : f.plan.steps.length - 1;
  if (f.step > last) ctx.addIssue({ code: "custom", path: ["step"], message: `step must be at most ${last}, the plan's last step` });
};

/** The state of a flow, as its node holds it and the flow's page keeps it. */
export const grayFlowStateSchema = z.strictObject(flowStateFields, { error: bodyIssue }).superRefine(stepInPlan);
export type GrayFlowState = z.output<typeof grayFlowStateSchema>;

/** A flow under way, as GET answers it. */
export const grayFlowSchema = z.object({
  ...flowStateFields,
  /** The service key, `group/interface:version`. */
  key: z.string(),
  /** Pass it back to PUT or DELETE: a write based on an older one is refused (409). */
  revision: z.string(),
  startedAt: z.number().int().nonnegative(),
  startedBy: z.string(),
  updatedAt: z.number().int().nonnegative(),
  updatedBy: z.string(),
});
export type GrayFlow = z.output<typeof grayFlowSchema>;

/** GET /api/v1/gray-flows?service=&group=&version=: the flows under way (of one service when `service` is given). */
export const grayFlowsQuerySchema = z.object({
  service: textParam("service", { max: 255 }),
  group: textParam("group", { max: 100 }),
  version: textParam("version", { max: 100 }),
});
export type GrayFlowsQuery = z.output<typeof grayFlowsQuerySchema>;

export const grayFlowsResponseSchema = z.object({
  flows: z.array(grayFlowSchema),
  /** Flow nodes that could not be read as a flow (written by hand, or by another version): left out, and said. */
  problems: z.array(z.string()),
});
export type GrayFlowsResponse = z.output<typeof grayFlowsResponseSchema>;

/**
 * PUT /api/v1/gray-flows: starts a flow (`revision: null`, refused when the service has one)
 * or moves it on (`revision` as read). Audited as `gray.start` or `gray.step`.
 */
export const putGrayFlowBodySchema = z
  .strictObject({ ...flowStateFields, revision: z.string({ error: "revision must be the flow's revision as read, or null to start one" }).min(1).max(100).nullable() }, { error: bodyIssue })
  .superRefine(stepInPlan);
export type PutGrayFlowBody = z.output<typeof putGrayFlowBodySchema>;

/**
 * DELETE /api/v1/gray-flows?service=&group=&version=&revision=&returned=: ends the flow.
 * `returned=true` when its writes were taken back ("return everything"): audited as
 * `gray.return`, else `gray.end` (the flow's writes stay).
 */
export const deleteGrayFlowQuerySchema = z.object({
  service: text("service", "a Java interface name such as com.foo.BarService", INTERFACE, 255),
  group: text("group", "letters, digits, '.', '_' or '-' ('' for none)", NAME, 100).default(""),
  version: text("version", "letters, digits, '.', '_' or '-' ('' for none)", NAME, 100).default(""),
  revision: z.string({ error: "revision is required: the flow's revision as read" }).min(1, { error: "revision is required: the flow's revision as read" }).max(100),
  returned: choiceParam("returned", ["true", "false"]),
});
export type DeleteGrayFlowQuery = z.output<typeof deleteGrayFlowQuerySchema>;

/** The answer of DELETE: which flow ended, and how. */
export const endedGrayFlowSchema = z.object({ key: z.string(), returned: z.boolean() });
export type EndedGrayFlow = z.output<typeof endedGrayFlowSchema>;
