import { createHash } from "node:crypto";
import type { AuditEntry } from "@/lib/api/audit";
import type { TagReading } from "@/lib/api/tag-route-preview";
import type { TagRoute } from "@/lib/api/tag-routes";
import { DUBBO_RELEASES } from "@/lib/dubbo/dubbo-release";
import { ValidationError } from "@/lib/errors";
import { readTagDraft, tagDraftNotes } from "@/lib/tag/tag-draft";
import { parseTagRule, TagRuleError } from "@/lib/tag/tag-rule";

/**
 * A tag rule node as GET /api/v1/tag-routes answers it, and the identities around it. Pure.
 * - id `{registry index}.{base64url(application)}`: stable across edits, deletes and
 *   re-creations (one rule per application per config center);
 * - revision: the fingerprint of the node's text, so it names what was read whichever
 *   replica reads it, and an audit entry's state can be compared with the node's;
 * - audit key `tag-route {registry source} {application}`: the `route.key` of its entries.
 */

const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64url");

export function tagRouteId(registry: number, application: string): string {
  return `${registry}.${b64(application)}`;
}

/** @throws ValidationError for an id this API did not give out. */
export function parseTagRouteId(id: string): { registry: number; application: string } {
  const m = /^(\d{1,3})\.([A-Za-z0-9_-]{1,400})$/.exec(id);
  const application = m ? Buffer.from(m[2]!, "base64url").toString("utf8") : "";
  if (!m || application === "" || b64(application) !== m[2] || /[\s/]/.test(application)) {
    const message = `id ${JSON.stringify(id.length > 80 ? `${id.slice(0, 80)}…` : id)} is not a tag-route id this API gave out; GET /api/v1/tag-routes lists them`;
    throw new ValidationError(message, [{ path: "id", message }]);
  }
  return { registry: Number(m[1]), application };
}

/** The revision of a rule text: 96 bits of its SHA-256, base64url. */
export function tagRouteRevision(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("base64url").slice(0, 16);
}

export function tagRouteAuditKey(registrySource: string, application: string): string {
  return `tag-route ${registrySource} ${application}`;
}

/** How each release reads `text` (Java logs a refused rule and keeps the one it had). */
export function tagReadings(text: string | null): TagReading[] {
  return DUBBO_RELEASES.map((release) => {
    if (text === null) return { release, status: "none", problem: null };
    try {
      const rule = parseTagRule(text, release);
      return { release, status: !rule.enabled ? "disabled" : !rule.valid ? "not_valid" : "active", problem: null };
    } catch (e) {
      if (e instanceof TagRuleError) return { release, status: "refused", problem: e.message };
      throw e;
    }
  });
}

export interface TagRouteFacts {
  readonly registry: number;
  readonly registrySource: string;
  readonly node: string;
  readonly application: string;
  readonly text: string;
  /** The rule's entries in the audit trail, newest first. */
  readonly history: readonly AuditEntry[];
  readonly providers: number;
  readonly consumers: number;
}

/** The API's view of one rule node. */
export function tagRouteView(f: TagRouteFacts): TagRoute {
  const reading = readTagDraft(f.text, f.application);
  const revision = tagRouteRevision(f.text);
  return {
    id: tagRouteId(f.registry, f.application),
    registry: f.registrySource,
    application: f.application,
    node: f.node,
    revision,
    yaml: f.text,
    rule: reading.type === "draft" ? { ...reading.draft, tags: reading.draft.tags.map((t) => ({ name: t.name, addresses: [...t.addresses], match: t.match.map((m) => ({ key: m.key, value: { ...m.value } })) })) } : null,
    textOnly: reading.type === "text-only" ? reading.reason : null,
    readings: tagReadings(f.text),
    notes: reading.type === "draft" ? [...reading.notes, ...tagDraftNotes(reading.draft)] : [],
    origin: originOf(f.history, revision),
    providers: f.providers,
    consumers: f.consumers,
  };
}

/** The console wrote the text as it is when the newest entry that left a rule left this one. */
function originOf(history: readonly AuditEntry[], revision: string): TagRoute["origin"] {
  const last = history.find((e) => e.outcome === "ok");
  const after = last?.after as { revision?: unknown } | null | undefined;
  if (last && after && after.revision === revision) return { by: "console", auditId: last.id, actor: last.actor.name, at: last.at };
  return { by: "outside" };
}
