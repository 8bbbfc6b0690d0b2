/**
 * Access control (black and white lists) as condition routes, the form Dubbo operators write
 * by hand and both 2.7.23's ConditionRouter and 3.3's ConditionStateRouter obey: a then-side
 * of `false` routes a matching consumer to no provider, whatever `force` says.
 * - block hosts:        `host = 10.0.0.3,10.0.0.4 => false`
 * - block applications: `application = a,b => false`
 * - allow only:         `host != 10.0.0.1,10.0.0.2 & application != a,b => false` (a consumer
 *   is allowed when its host or its application is listed).
 * Block by hosts and block by applications are two routes (a when-side is a conjunction), so
 * a service has at most three access rules, each one named route (ACCESS_ROUTE_NAMES).
 * Pure and browser-safe.
 */

export type AccessMode = "block" | "allow";

/** An access rule as the API and the form hold it. */
export interface AccessDraft {
  readonly mode: AccessMode;
  readonly hosts: readonly string[];
  readonly applications: readonly string[];
}

/** The route names of a service's access rules: one per mode and, for block, per dimension. */
export const ACCESS_ROUTE_NAMES = { blockHosts: "access-block-hosts", blockApplications: "access-block-applications", allow: "access-allow" } as const;

const NAMES: readonly string[] = Object.values(ACCESS_ROUTE_NAMES);

/** Whether a route name is an access rule's. */
export function isAccessRouteName(name: string): boolean {
  return NAMES.includes(name);
}

/** The name of the route `draft` is saved as. */
export function accessRouteName(draft: AccessDraft): string {
  if (draft.mode === "allow") return ACCESS_ROUTE_NAMES.allow;
  return draft.hosts.length > 0 ? ACCESS_ROUTE_NAMES.blockHosts : ACCESS_ROUTE_NAMES.blockApplications;
}

/** The condition rule of `draft` (see the file's comment). */
export function accessRuleText(draft: AccessDraft): string {
  const op = draft.mode === "block" ? "=" : "!=";
  const parts = [...(draft.hosts.length > 0 ? [`host ${op} ${draft.hosts.join(",")}`] : []), ...(draft.applications.length > 0 ? [`application ${op} ${draft.applications.join(",")}`] : [])];
  return `${parts.join(" & ")} => false`;
}

const LIST = "([^\\s,&=!]+(?:,[^\\s,&=!]+)*)";
const BLOCK = new RegExp(`^(host|application) = ${LIST} => false$`);
const ALLOW = new RegExp(`^(?:host != ${LIST})?(?: & )?(?:application != ${LIST})? => false$`);

/** Reads a route written as an access rule back (null when its name or rule is not one this file writes). */
export function readAccessRule(name: string, rule: string): AccessDraft | null {
  if (!isAccessRouteName(name)) return null;
  const text = rule.trim();
  if (name === ACCESS_ROUTE_NAMES.allow) {
    const m = ALLOW.exec(text);
    if (!m || (m[1] === undefined && m[2] === undefined)) return null;
    const draft = { mode: "allow" as const, hosts: m[1]?.split(",") ?? [], applications: m[2]?.split(",") ?? [] };
    return accessRuleText(draft) === text ? draft : null;
  }
  const m = BLOCK.exec(text);
  if (!m || (m[1] === "host") !== (name === ACCESS_ROUTE_NAMES.blockHosts)) return null;
  return m[1] === "host" ? { mode: "block", hosts: m[2]!.split(","), applications: [] } : { mode: "block", hosts: [], applications: m[2]!.split(",") };
}

/** What the rule reads of a consumer: its URL's host and `application`. */
export interface AccessConsumer {
  readonly host: string;
  readonly application: string;
}

/** Whether `draft` routes `consumer` to no provider (the when-side matches it). */
export function blocks(draft: AccessDraft, consumer: AccessConsumer): boolean {
  const host = draft.hosts.includes(consumer.host);
  const app = draft.applications.includes(consumer.application);
  if (draft.mode === "block") return host || app;
  return !(host || app);
}
