import type { AccessBody, AccessPreviewResponse, AccessQuery, AccessRule, ReplaceAccessBody } from "@/lib/api/access";
import type { Consumer } from "@/lib/api/catalog-entities";
import type { Route } from "@/lib/api/routing/routes";
import { type AccessDraft, accessRouteName, accessRuleText, blocks, readAccessRule } from "@/lib/access/access-rule";
import type { Actor } from "@/lib/auth/actor";
import { serviceKey } from "@/lib/dubbo/service-key";
import { isConsoleError, ValidationError } from "@/lib/errors";
import { ConflictError, StrandsConsumersError } from "@/server/errors/governance-errors";
import { NotFoundError } from "@/server/errors/request-errors";
import { CONSOLE_ACTOR, type RouteStore } from "../condition/route-store";

/** What access control reads of the catalog: a service's registered consumers. */
export interface AccessCatalog {
  routing(key: string): { readonly consumers: readonly Consumer[] };
}

/** Priority of the access routes: above the routes an operator writes by hand (who is blocked is decided first). */
const ACCESS_PRIORITY = 100;

/**
 * Access control over the condition-route store: each access rule is one named route
 * (lib/access/access-rule.ts) saved with its registry copy and its config-center copy, so
 * 2.x, 3.0 and 3.1+ consumers all obey it; enable, disable, delete, history and rollback
 * are the route's. Blocking a consumer is what the rule is for, so the route store's
 * stranding check is passed over; instead a change that leaves every registered consumer
 * of the service blocked is refused with 409 `strands_consumers` unless allowed.
 */
export class AccessService {
  constructor(
    private readonly routes: RouteStore,
    private readonly catalog: AccessCatalog,
  ) {}

  list(query: AccessQuery): { rules: AccessRule[] } {
    const { routes } = this.routes.list({ service: query.service, group: query.group, version: query.version, registry: query.registry });
    return { rules: routes.flatMap((r) => accessOf(r) ?? []) };
  }

  find(id: string): AccessRule | undefined {
    const route = this.routes.find(id);
    return route ? (accessOf(route) ?? undefined) : undefined;
  }

  /** Saves a new access rule; 409 when the service has one of that mode and dimension (edit it instead). */
  async create(body: AccessBody, actor: Actor = CONSOLE_ACTOR): Promise<AccessRule> {
    const draft: AccessDraft = { mode: body.mode, hosts: body.hosts, applications: body.applications };
    if (body.enabled && body.allowStranding !== true) this.refuseBlockingEveryone(body, draft, null);
    const route = await this.routes.create({
      service: body.service,
      group: body.group,
      version: body.version,
      name: accessRouteName(draft),
      rule: accessRuleText(draft),
      priority: ACCESS_PRIORITY,
      force: true,
      runtime: false,
      enabled: body.enabled,
      targets: ["registry", "config-center"],
      ...(body.registry === undefined ? {} : { registry: body.registry }),
      allowStranding: true,
    }, actor);
    return accessOf(route)!;
  }

  /** Replaces the lists of rule `id` (its mode and dimension stay), based on `revision`. */
  async replace(id: string, revision: string, body: ReplaceAccessBody, actor: Actor = CONSOLE_ACTOR): Promise<AccessRule> {
    const known = this.required(id);
    const draft: AccessDraft = { mode: known.mode, hosts: body.hosts, applications: body.applications };
    if (accessRouteName(draft) !== known.route.name) {
      const message = `this rule blocks by ${known.hosts.length > 0 ? "hosts" : "applications"}; create another rule to block by ${known.hosts.length > 0 ? "applications" : "hosts"}`;
      throw new ValidationError(message, [{ path: known.hosts.length > 0 ? "applications" : "hosts", message }]);
    }
    if (known.enabled && body.allowStranding !== true) this.refuseBlockingEveryone(known, draft, id);
    return accessOf(await this.routes.replace(id, revision, { rule: accessRuleText(draft) }, ["registry", "config-center"], actor, { allowStranding: true }))!;
  }

  async setEnabled(id: string, enabled: boolean, revision: string | undefined, actor: Actor = CONSOLE_ACTOR, allowStranding = false): Promise<AccessRule> {
    const known = this.required(id);
    if (enabled && !allowStranding) this.refuseBlockingEveryone(known, known, id);
    return accessOf(await this.routes.setEnabled(id, enabled, revision, actor, { allowStranding: true }))!;
  }

  async remove(id: string, revision: string, actor: Actor = CONSOLE_ACTOR): Promise<{ deleted: true; id: string }> {
    this.required(id);
    await this.routes.remove(id, revision, actor);
    return { deleted: true, id };
  }

  /** Who the service's enabled access rules block now, and with `body` saved (as rule `id` when it edits one). */
  preview(body: AccessBody, id?: string): AccessPreviewResponse {
    const draft: AccessDraft = { mode: body.mode, hosts: body.hosts, applications: body.applications };
    const others = this.enabledRules(body).filter((r) => r.id !== id && !(id === undefined && r.route.name === accessRouteName(draft)));
    const now = this.enabledRules(body);
    const consumers = this.consumersOf(body).map((c) => {
      const byNow = now.find((r) => blocks(r, c));
      const byOther = others.find((r) => blocks(r, c));
      const byDraft = body.enabled && blocks(draft, c);
      return { application: c.application, host: c.host, release: c.release, blockedNow: byNow !== undefined, blockedAfter: byDraft || byOther !== undefined, by: byDraft ? "draft" : (byOther?.id ?? null) };
    });
    const blocked = consumers.filter((c) => c.blockedAfter).length;
    return {
      service: serviceKey({ interface: body.service, group: body.group, version: body.version }),
      consumers,
      blocked,
      kept: consumers.length - blocked,
      blocksEveryone: consumers.some((c) => !c.blockedNow) && blocked === consumers.length,
      rule: accessRuleText(draft),
    };
  }

  // ---------------------------------------------------------------------------

  private refuseBlockingEveryone(at: { service: string; group: string; version: string }, draft: AccessDraft, id: string | null): void {
    const answer = this.preview({ service: at.service, group: at.group, version: at.version, mode: draft.mode, hosts: [...draft.hosts], applications: [...draft.applications], enabled: true }, id ?? undefined);
    if (!answer.blocksEveryone) return;
    const consumers = this.consumersOf(at);
    throw new StrandsConsumersError(consumers.map((c) => ({ application: c.application, host: c.host, release: c.release, url: c.url, before: 1 })));
  }

  private enabledRules(at: { service: string; group: string; version: string }): AccessRule[] {
    return this.list({ service: at.service, group: at.group, version: at.version }).rules.filter((r) => r.enabled);
  }

  private consumersOf(at: { service: string; group: string; version: string }): readonly Consumer[] {
    try {
      return this.catalog.routing(serviceKey({ interface: at.service, group: at.group, version: at.version })).consumers;
    } catch (e) {
      if (isConsoleError(e)) return [];
      throw e;
    }
  }

  private required(id: string): AccessRule {
    const route = this.routes.find(id);
    if (!route) throw new NotFoundError(`no access rule ${JSON.stringify(id)}: it was deleted, or is not read yet; GET /api/v1/access lists them`, { id });
    const rule = accessOf(route);
    if (!rule) throw new ConflictError(`route ${id} is not an access rule (its name or rule was changed by hand); edit it as a route`, { id });
    return rule;
  }
}

/** A route as an access rule; null when it is not one. */
function accessOf(route: Route): AccessRule | null {
  const draft = readAccessRule(route.name, route.rule);
  if (!draft) return null;
  return { id: route.id, registry: route.registry, service: route.service, group: route.group, version: route.version, mode: draft.mode, hosts: [...draft.hosts], applications: [...draft.applications], enabled: route.enabled, revision: route.revision, route };
}
