import { z } from "zod";
import type { Consumer } from "@/lib/api/catalog-entities";
import { ROUTE_NAME_MAX_LENGTH, ROUTE_RULE_MAX_LENGTH, type Route } from "@/lib/api/routing/routes";
import { isConsoleError } from "@/lib/errors";
import { parseConditionRule } from "@/lib/routing/parse/condition-rule";
import { isJavaBlank } from "@/lib/routing/parse/java-text";
import { BLANK_RULE_MESSAGE } from "@/lib/routing/parse/rule-syntax-error";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { defaultTargets } from "./consumer-copies";

/**
 * The route editor's form: what is saved (name, rule, priority, force, runtime, enabled,
 * and whether the route also goes to the config center) and the semantics the preview
 * uses. The rule is checked by the same engine the server uses, so a rule Dubbo rejects
 * cannot be submitted: Dubbo 2.7's parser always, 3.x's too when the config center is a
 * target (its consumers run that one).
 */

/** Why the rule cannot be saved, and where: null when it parses. */
export interface RuleCheck {
  readonly message: string;
  readonly offset: number;
}

/**
 * The engine's verdict on `rule`, as Dubbo 2.7 reads it and, with `configCenter`, as Dubbo
 * 3.x reads it too; a blank rule is refused at offset 0, as Dubbo refuses it.
 */
export function checkRule(rule: string, configCenter = false): RuleCheck | null {
  // Dubbo 2.7 reads an empty `rule=` as a rule of its own (condition-rule.ts), but nothing saves one: the API refuses it.
  if (isJavaBlank(rule)) return { message: BLANK_RULE_MESSAGE, offset: 0 };
  if (rule.length > ROUTE_RULE_MAX_LENGTH) return { message: `The rule is ${rule.length} characters long; at most ${ROUTE_RULE_MAX_LENGTH} are saved.`, offset: ROUTE_RULE_MAX_LENGTH };
  return parseProblem(rule, "2.7", "") ?? (configCenter ? parseProblem(rule, "3.x", "Dubbo 3.x consumers, which read the config center, refuse it: ") : null);
}

function parseProblem(rule: string, semantics: DubboRelease, prefix: string): RuleCheck | null {
  try {
    parseConditionRule(rule, semantics);
    return null;
  } catch (e) {
    if (!isConsoleError(e)) throw e;
    const offset = typeof e.details?.offset === "number" ? e.details.offset : 0;
    // The message's own "at offset N" counts from 0; the editor says "At character N+1" before it.
    return { message: `${prefix}${e.message.replace(/ at offset \d+/, "")}`, offset };
  }
}

const NAME = /^[\p{L}\p{N}_.:@-]([\p{L}\p{N} _.:@-]*[\p{L}\p{N}_.:@-])?$/u;

export const routeFormSchema = z
  .object({
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
    /** Also save the route's rule as a condition of its service's config-center rule (targets registry and config-center). */
    configCenter: z.boolean(),
    semantics: z.enum(["2.7", "3.x"]),
  })
  .superRefine((values, ctx) => {
    const problem = values.configCenter ? checkRule(values.rule, true) : null;
    if (problem) ctx.addIssue({ code: "custom", path: ["rule"], message: problem.message });
  });
export type RouteFormValues = z.infer<typeof routeFormSchema>;

/**
 * The form's start: a saved route's fields, or Dubbo's defaults for a new one. The config
 * center is ticked for a route whose copy is there (`targets`), and for one saved with it
 * whose copy is out while disabled (`withheld`) or was removed by hand (`missing`); for a
 * new route, when one of the service's registered `consumers` obeys only that copy.
 */
export function routeFormDefaults(route: Route | null, consumers: readonly Pick<Consumer, "application" | "host" | "release">[] = []): RouteFormValues {
  return {
    configCenter: route === null ? defaultTargets(consumers).includes("config-center") : route.targets.includes("config-center") || route.configCenter === "withheld" || route.configCenter === "missing",
    name: route?.name ?? "",
    rule: route?.rule ?? "",
    priority: route?.priority ?? 0,
    force: route?.force ?? false,
    runtime: route?.runtime ?? false,
    enabled: route?.enabled ?? true,
    semantics: "2.7",
  };
}
