import { z } from "zod";
import type { TagRoute } from "@/lib/api/tag-routes";
import type { Actor } from "@/lib/auth/actor";
import { ValidationError } from "@/lib/errors";
import { NotFoundError } from "@/server/errors/request-errors";
import type { TagRouteState, TagRouteStore } from "../rules/tag/tag-route-store";
import type { AuditLog } from "./audit-log";

/** What a rollback reads of an entry's state: the rule's text and revision (null: there was none). */
const stateSchema = z.object({ yaml: z.string(), revision: z.string() }).nullable();

/**
 * What /api/v1/tag-routes/{id}/rollback calls: puts a tag rule back as an audit entry found
 * it (TagRouteStore.restore, which refuses while the rule is not as the entry left it).
 */
export class TagRouteHistory {
  constructor(
    private readonly store: Pick<TagRouteStore, "history" | "restore">,
    private readonly audit: Pick<AuditLog, "entry">,
  ) {}

  /**
   * @throws NotFoundError for an unknown entry; ValidationError for an entry about something
   *   else, or one whose state was cut short; ConflictError when the rule changed since.
   */
  async rollback(id: string, auditId: string, actor?: Actor, allowStranding = false): Promise<TagRoute | null> {
    const entry = this.audit.entry(auditId);
    if (!entry) throw new NotFoundError(`no audit entry ${auditId} (it may have been rotated out); GET /api/v1/tag-routes/${id}/history lists this rule's entries`, { auditId });
    if (!this.store.history(id).some((e) => e.id === auditId)) {
      const message = `audit entry ${auditId} is not about tag rule ${id}`;
      throw new ValidationError(message, [{ path: "auditId", message }]);
    }
    const before = stateSchema.safeParse(entry.before);
    const after = stateSchema.safeParse(entry.after);
    if (!before.success || !after.success || entry.truncated) {
      const message = `audit entry ${auditId} does not hold the whole rule (it was cut to fit the trail), so it cannot be restored`;
      throw new ValidationError(message, [{ path: "auditId", message }]);
    }
    const states: { before: TagRouteState; after: TagRouteState } = { before: before.data, after: after.data };
    return this.store.restore(id, states, actor, { allowStranding });
  }
}
