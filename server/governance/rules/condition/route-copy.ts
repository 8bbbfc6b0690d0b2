import { type ConditionCheck, type ConditionRuleDraft, formatConditionRouterYaml, parseConditionRouterYaml, type RuleYamlRead } from "@/lib/dubbo/rules/condition-router-yaml";
import { ruleDirectory, ruleNodePath, serviceRuleKey } from "@/lib/dubbo/rules/config-rule-key";
import type { RouteSpec } from "@/lib/dubbo/rules/route-url";
import { ConflictError } from "@/server/errors/governance-errors";
import type { MultiOp, VersionedData } from "../../../registry/zk/zk-writes";

/**
 * A registry route's copy in the config center, for the consumers that ignore the routers
 * category (Dubbo 3.0.5+; 2.7.3-3.0.4 obey both copies, which filters as once): the route's
 * rule as one condition of its service's rule, the YAML node
 * `{root}/config/dubbo/{interface}:{version}:{group}.condition-router` that ServiceStateRouter
 * (3.x) and ServiceRouter (2.7.3+) read. That node holds every condition of the service
 * (several routes', and conditions written by hand), so a copy is one entry in its
 * `conditions` list, and a write changes that entry only:
 *
 * - a route has a copy when its rule is one of the conditions (text equal), whoever put it
 *   there; a rule that Dubbo fails to read, or a v3.1 (multi-destination) rule, holds no
 *   copy, and the console refuses to add to it (409) rather than rewrite what it cannot read;
 * - an edit puts the new rule in the place of the old one (Dubbo applies the conditions in
 *   their order); a copy taken out leaves the others in their order; a rule left with no
 *   condition is deleted, because Dubbo keeps applying the conditions of a rule whose list
 *   became empty (ListenableStateRouter.generateConditions returns early), while it drops
 *   them when the node goes;
 * - a rule created for a copy takes the route's `force`, `priority` and `runtime`, with
 *   `enabled: true`; a rule that holds nothing but this route's condition after the write
 *   follows the route's fields the same way (it is the route's own); one shared with other
 *   conditions keeps its own (rule-level fields apply to all its conditions);
 * - each write is based on the node's version as read just before: a change in between
 *   refuses the whole ZooKeeper multi the write is part of, and the store reads again.
 *
 * Pure: the store reads the nodes and commits the operations.
 */

/** A route's side of a copy: the rule key it belongs under and the condition. */
export interface CopyEnd {
  readonly key: string;
  readonly condition: string;
}

/** One write's change to one service rule: the condition to take out, the one to put in (in its place when it is there). */
export interface ConditionEdit {
  readonly key: string;
  readonly remove: string | null;
  readonly add: string | null;
}

/** What a route write does to the copies: its condition as it was (null: none to take out), and as it will be (null: none). */
export interface CopyChange {
  readonly before: CopyEnd | null;
  readonly after: CopyEnd | null;
  /** The route once written (null when deleted): whether its rule is a condition of its service rule then is answered. */
  readonly route: CopyEnd | null;
  /** The rule-level fields a rule takes when it is created for, or left holding only, the `after` condition. */
  readonly fields: Pick<RouteSpec, "force" | "priority" | "runtime">;
}

/** The operations of a copy change, and whether the route's rule is a condition of its service rule once they are applied. */
export interface CopyPlan {
  readonly ops: MultiOp[];
  readonly present: boolean;
}

/** What planning needs of ZooKeeper: a versioned read, and the directories a new rule node goes in. */
export interface CopyStore {
  read(path: string): Promise<VersionedData | null>;
  ensureDirectory(path: string): Promise<void>;
}

/** The service rule key of a route: `{interface}:{version}:{group}`. */
export function copyKey(spec: Pick<RouteSpec, "service" | "group" | "version">): string {
  return serviceRuleKey({ interface: spec.service, group: spec.group, version: spec.version });
}

/**
 * `conditions` with `remove` replaced by `add` in its place; `remove` taken out when `add`
 * is null or already elsewhere in the list; `add` appended when `remove` is not there. The
 * first occurrence of `remove` is the one changed. The same array when nothing changes.
 */
export function editConditions(conditions: readonly string[], remove: string | null, add: string | null): readonly string[] {
  const at = remove === null ? -1 : conditions.indexOf(remove);
  const elsewhere = add !== null && conditions.some((c, i) => c === add && i !== at);
  if (at >= 0 && add === remove) return conditions;
  if (at >= 0) return add === null || elsewhere ? conditions.filter((_, i) => i !== at) : conditions.map((c, i) => (i === at ? add : c));
  return add === null || elsewhere ? conditions : [...conditions, add];
}

/** The edits of `change`, one per rule key it touches (one when the key stays). */
export function conditionEdits(change: Pick<CopyChange, "before" | "after">): ConditionEdit[] {
  const { before, after } = change;
  if (before && after && before.key === after.key) return [{ key: after.key, remove: before.condition, add: after.condition }];
  return [...(before ? [{ key: before.key, remove: before.condition, add: null }] : []), ...(after ? [{ key: after.key, remove: null, add: after.condition }] : [])];
}

/** The conditions of a rule as read, when the console can write to it (read, and v3.0); null when it cannot. */
export function editableConditions(read: RuleYamlRead): readonly string[] | null {
  return read.type === "rule" && read.rule.format === "v3.0" ? read.rule.conditions : null;
}

/**
 * Reads the rule nodes `change` touches (under `root`) and plans the writes that apply it.
 * @throws ConflictError when a condition must go into a rule the console cannot read or
 *   rewrite, or the rewritten rule would be one Dubbo refuses.
 */
export async function planCopy(root: string, change: CopyChange, store: CopyStore, check: ConditionCheck): Promise<CopyPlan> {
  const ops: MultiOp[] = [];
  const after = new Map<string, readonly string[]>();
  for (const edit of conditionEdits(change)) {
    const path = ruleNodePath(root, edit.key);
    const { op, conditions } = editRule(path, edit, await store.read(path), change.fields, check);
    if (op?.type === "create") await store.ensureDirectory(ruleDirectory(root));
    if (op) ops.push(op);
    after.set(edit.key, conditions);
  }
  const { route } = change;
  if (route === null) return { ops, present: false };
  const conditions = after.get(route.key) ?? (await readConditions(store, ruleNodePath(root, route.key), check));
  return { ops, present: conditions.includes(route.condition) };
}

/** The conditions of the rule at `path` that count as copies: none when it is absent or not editable. */
async function readConditions(store: CopyStore, path: string, check: ConditionCheck): Promise<readonly string[]> {
  const current = await store.read(path);
  return current === null ? [] : (editableConditions(parseConditionRouterYaml(current.data.toString("utf8"), check)) ?? []);
}

/** The operation that applies `edit` to the rule at `path` as read (`current`), and the conditions it leaves. */
function editRule(path: string, edit: ConditionEdit, current: VersionedData | null, fields: CopyChange["fields"], check: ConditionCheck): { op: MultiOp | null; conditions: readonly string[] } {
  const read = current === null ? null : parseConditionRouterYaml(current.data.toString("utf8"), check);
  const before = read === null ? [] : editableConditions(read);
  if (before === null) {
    if (edit.add === null) return { op: null, conditions: [] };
    throw new ConflictError(`the config-center rule at ${path} is ${notEditable(read!)}, so the console does not add the route's condition to it: fix or delete that rule first (PUT or DELETE /api/v1/config-routes)`, { node: path });
  }
  const conditions = editConditions(before, edit.remove, edit.add);
  if (conditions === before) return { op: null, conditions };
  if (current === null) return { op: { type: "create", path, data: ruleData(path, draft(edit.key, conditions, fields), check) }, conditions };
  if (conditions.length === 0) return { op: { type: "remove", path, version: current.version }, conditions };
  const own = edit.add !== null && conditions.length === 1 && conditions[0] === edit.add;
  const kept = read!.type === "rule" ? read!.rule : null;
  const next = own || kept === null ? draft(edit.key, conditions, fields) : { ...draft(edit.key, conditions, kept), enabled: kept.enabled };
  return { op: { type: "setData", path, data: ruleData(path, next, check), version: current.version }, conditions };
}

function draft(key: string, conditions: readonly string[], fields: CopyChange["fields"]): ConditionRuleDraft {
  return { scope: "service", key, enabled: true, force: fields.force, runtime: fields.runtime, priority: fields.priority, conditions };
}

/** The YAML of `rule`, checked as Dubbo 3.3 reads it. */
function ruleData(path: string, rule: ConditionRuleDraft, check: ConditionCheck): Buffer {
  const yaml = formatConditionRouterYaml(rule);
  const read = parseConditionRouterYaml(yaml, check);
  if (read.type === "rejected") {
    throw new ConflictError(`the config-center rule at ${path} would be refused by Dubbo once the route's condition is in it (${read.problem.message}); fix that rule first (PUT /api/v1/config-routes)`, { node: path });
  }
  return Buffer.from(yaml, "utf8");
}

function notEditable(read: RuleYamlRead): string {
  return read.type === "rejected" ? `one Dubbo fails to read (${read.problem.message})` : "a v3.1 (multi-destination) rule";
}
