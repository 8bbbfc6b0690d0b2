import { z } from "zod";
import { ROUTE_NAME_MAX_LENGTH, ROUTE_RULE_MAX_LENGTH, type Route } from "@/lib/api/routes";
import { isConsoleError } from "@/lib/errors";
import { parseConditionRule } from "@/lib/routing/condition-rule";

/**
 * The route editor's form: what is saved (name, rule, priority, force, runtime, enabled)
 * and the semantics the preview uses. The rule is checked by the same engine the server
 * uses, so a rule Dubbo rejects cannot be submitted.
 */

/** Why the rule cannot be saved, and where: null when it parses. */
export interface RuleCheck {
  readonly message: string;
  readonly offset: number;
}

/** The engine's verdict on `rule`; a blank rule is refused at offset 0, as Dubbo refuses it. */
export function checkRule(rule: string): RuleCheck | null {
  if (rule.length > ROUTE_RULE_MAX_LENGTH) return { message: `The rule is ${rule.length} characters long; at most ${ROUTE_RULE_MAX_LENGTH} are saved.`, offset: ROUTE_RULE_MAX_LENGTH };
  try {
    parseConditionRule(rule, "2.7");
    return null;
  } catch (e) {
    if (!isConsoleError(e)) throw e;
    const offset = typeof e.details?.offset === "number" ? e.details.offset : 0;
    return { message: e.message, offset };
  }
}

const NAME = /^[\p{L}\p{N}_.:@-]([\p{L}\p{N} _.:@-]*[\p{L}\p{N}_.:@-])?$/u;

export const routeFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: "Give the route a name." })
    .max(ROUTE_NAME_MAX_LENGTH, { error: `At most ${ROUTE_NAME_MAX_LENGTH} characters.` })
    .regex(NAME, { error: "Letters, digits, spaces, '.', '_', ':', '@' or '-'; no space at either end." }),
  rule: z.string().superRefine((rule, ctx) => {
    const problem = checkRule(rule);
    if (problem) ctx.addIssue({ code: "custom", message: problem.message });
  }),
  priority: z.number({ error: "A whole number." }).int({ error: "A whole number." }).min(-(2 ** 31)).max(2 ** 31 - 1),
  force: z.boolean(),
  runtime: z.boolean(),
  enabled: z.boolean(),
  semantics: z.enum(["2.7", "3.x"]),
});
export type RouteFormValues = z.infer<typeof routeFormSchema>;

/** The form's start: a saved route's fields, or Dubbo's defaults for a new one. */
export function routeFormDefaults(route: Route | null): RouteFormValues {
  return {
    name: route?.name ?? "",
    rule: route?.rule ?? "",
    priority: route?.priority ?? 0,
    force: route?.force ?? false,
    runtime: route?.runtime ?? false,
    enabled: route?.enabled ?? true,
    semantics: "2.7",
  };
}
