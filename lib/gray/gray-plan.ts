import type { OverrideDraft } from "../override/override-draft";
import { addressEntryOf } from "../tag/provider-pick";
import type { TagRouteDraft } from "../tag/tag-draft";

/**
 * A gray release by weight, as the service page's guided flow runs it: the operator picks
 * the new providers and a list of steps (the share of calls the new providers get, in
 * percent); each step is one consumer-side override that sets the weight of the *other*
 * providers of the service (the new ones keep their own weight), so one config is edited
 * step by step and deleting it returns every consumer to how it was before the flow.
 *
 * Under Dubbo's weighted random (every release's default load balance) a provider set with
 * total weight Wn against m others at weight w gets Wn / (Wn + m·w) of the calls, so
 * w = Wn·(100 − p) / (m·p); 100 % is weight 0 (no calls to the others: Dubbo never picks a
 * weight-0 provider while another weighs more). The server's preview says what each
 * consumer really gets (a consumer that does not weigh at all is shown so).
 */
export interface GrayPlan {
  /** The service (interface, group, version as the catalog lists them). */
  readonly service: string;
  readonly group: string;
  readonly version: string;
  /** The providers (`host:port`) that are released. */
  readonly newAddresses: readonly string[];
  /** The shares in percent, ascending, the last usually 100 (weight mode). */
  readonly steps: readonly number[];
  /**
   * `weight`: the steps move a share of every consumer's calls; `tag`: one step, a tag rule
   * of the new providers' application names them `tag`, so only requests tagged so (the
   * `dubbo.tag` attachment, or a consumer's own `dubbo.tag`) reach them and untagged ones
   * never do (lib/tag/tag-router.ts).
   */
  readonly mode?: "weight" | "tag" | "applications";
  readonly tag?: string;
  /** `applications` mode: the consumer applications that get only the new providers (the others never do). */
  readonly applications?: readonly string[];
}

/** One condition route an `applications`-mode flow writes: its name and rule text. */
export interface GrayRoute {
  readonly name: string;
  readonly rule: string;
}

/**
 * The two condition routes that send the chosen consumer applications only to the new
 * providers and every other consumer only to the others: `application = A => address = N`
 * and `application != A => address != N` (`address` is the provider's `host:port` in both
 * 2.7.23's ConditionRouter and 3.3's ConditionStateRouter, so providers sharing a host stay
 * apart). Their when-sides never both match one consumer, so each consumer is changed by one
 * of them at most; neither is forced, so a consumer whose side is empty (every new provider
 * down) falls back to all providers, as Dubbo does without force.
 */
export function grayAppRoutes(applications: readonly string[], newAddresses: readonly string[]): [GrayRoute, GrayRoute] {
  const apps = applications.join(",");
  const news = newAddresses.join(",");
  return [
    { name: "gray-release-to-applications", rule: `application = ${apps} => address = ${news}` },
    { name: "gray-release-to-others", rule: `application != ${apps} => address != ${news}` },
  ];
}

/** The tag rule a tag-mode flow writes for the new providers' application: one tag naming them, no force (tagged requests fall back while none is up). */
export function grayTagDraft(tag: string, newProviders: readonly { readonly host: string; readonly port: number }[]): TagRouteDraft {
  return { force: false, enabled: true, runtime: true, priority: 0, tags: [{ name: tag, addresses: newProviders.map((p) => addressEntryOf(p)), match: [] }] };
}

/** The biggest weight the flow writes (a Java int would take more; Dubbo's default is 100). */
export const GRAY_WEIGHT_MAX = 1_000_000;

/** The steps typed as "10, 50, 100": whole percents from 1 to 100, ascending; or why not. */
export function parseGraySteps(text: string): { ok: true; steps: number[] } | { ok: false; message: string } {
  const parts = text.split(/[\s,]+/).filter((s) => s !== "");
  if (parts.length === 0) return { ok: false, message: "give at least one step, such as 10, 50, 100" };
  if (parts.length > 20) return { ok: false, message: "at most 20 steps" };
  const steps: number[] = [];
  for (const p of parts) {
    const t = p.replace(/%$/, "");
    if (!/^\d{1,3}$/.test(t) || Number(t) < 1 || Number(t) > 100) return { ok: false, message: `${JSON.stringify(p)} is not a share from 1 to 100 percent` };
    const n = Number(t);
    if (steps.length > 0 && n <= steps[steps.length - 1]!) return { ok: false, message: "each step must send more than the one before it" };
    steps.push(n);
  }
  return { ok: true, steps };
}

/**
 * The weight of each other provider that sends `percent` of the calls to the new ones:
 * `newWeights` the new providers' weights (their URLs' or Dubbo's 100), `others` how many
 * other providers there are. 0 at 100 %; at least 1 below it, at most {@link GRAY_WEIGHT_MAX}.
 */
export function othersWeight(percent: number, newWeights: readonly number[], others: number): number {
  if (percent >= 100) return 0;
  const total = newWeights.reduce((a, b) => a + b, 0);
  if (others === 0 || total === 0) return 100;
  const w = Math.round((total * (100 - percent)) / (others * percent));
  return Math.min(GRAY_WEIGHT_MAX, Math.max(1, w));
}

/** The share (percent, one decimal) the new providers get when the others weigh `weight` each: what the step really does after rounding. */
export function shareAt(weight: number, newWeights: readonly number[], others: number): number {
  const total = newWeights.reduce((a, b) => a + b, 0);
  const all = total + weight * others;
  return all === 0 ? 0 : Math.round((1000 * total) / all) / 10;
}

/** The override one step writes: consumer side, the other providers' weight, for every consumer. */
export function grayStepDraft(plan: GrayPlan, otherAddresses: readonly string[], weight: number): OverrideDraft {
  return {
    scope: "service",
    service: plan.service,
    ...(plan.group ? { group: plan.group } : {}),
    ...(plan.version ? { version: plan.version } : {}),
    side: "consumer",
    providerAddresses: [...otherAddresses],
    parameters: { weight: String(weight) },
    enabled: true,
  };
}
