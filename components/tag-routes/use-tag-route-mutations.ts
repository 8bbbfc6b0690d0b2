"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sendJson } from "@/lib/api/client/send-json";
import { deletedTagRouteSchema, type TagRoute, tagRouteRollbackResponseSchema, tagRouteSchema } from "@/lib/api/tag-routes";
import type { TagRouteDraft } from "@/lib/tag/tag-draft";

/** A change of a tag rule changes the lists, the previews, the histories and the audit trail. */
function useTagRoutesChanged() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: ["tag-routes"] }), client.invalidateQueries({ queryKey: ["audit"] })]);
}

const stranding = (allowStranding: boolean | undefined) => (allowStranding ? { allowStranding: true } : {});
const ruleUrl = (rule: TagRoute, action = "") => `/api/v1/tag-routes/${encodeURIComponent(rule.id)}${action}`;

/** What the editor saves: the form's fields, or the text (a text the form cannot hold is saved as text). */
export type TagRouteBody = { readonly rule: TagRouteDraft } | { readonly yaml: string };

/**
 * POST /api/v1/tag-routes (no `existing`: a new rule for `application`) or PUT
 * /api/v1/tag-routes/{id} with the revision the edit is based on; a 409 `strands_consumers`
 * is saved again only with `allowStranding`.
 */
export function useSaveTagRoute() {
  const changed = useTagRoutesChanged();
  return useMutation({
    mutationFn: ({ existing, application, registry, body, allowStranding }: { existing: TagRoute | null; application: string; registry?: string; body: TagRouteBody; allowStranding?: boolean }) =>
      existing === null
        ? sendJson("POST", "/api/v1/tag-routes", { application, ...(registry ? { registry } : {}), ...body, ...stranding(allowStranding) }, tagRouteSchema)
        : sendJson("PUT", ruleUrl(existing), { revision: existing.revision, ...body, ...stranding(allowStranding) }, tagRouteSchema),
    onSettled: changed,
  });
}

/** POST /api/v1/tag-routes/{id}/enable or /disable, based on the revision shown. */
export function useToggleTagRoute() {
  const changed = useTagRoutesChanged();
  return useMutation({
    mutationFn: ({ rule, enabled, allowStranding }: { rule: TagRoute; enabled: boolean; allowStranding?: boolean }) =>
      sendJson("POST", ruleUrl(rule, enabled ? "/enable" : "/disable"), { revision: rule.revision, ...stranding(allowStranding) }, tagRouteSchema),
    onSettled: changed,
  });
}

/** DELETE /api/v1/tag-routes/{id}?revision=(&allowStranding=true). */
export function useDeleteTagRoute() {
  const changed = useTagRoutesChanged();
  return useMutation({
    mutationFn: ({ rule, allowStranding }: { rule: TagRoute; allowStranding?: boolean }) =>
      sendJson("DELETE", `${ruleUrl(rule)}?revision=${encodeURIComponent(rule.revision)}${allowStranding ? "&allowStranding=true" : ""}`, undefined, deletedTagRouteSchema),
    onSettled: changed,
  });
}

/** POST /api/v1/tag-routes/{id}/rollback `{ auditId }`: the rule as that entry found it (null: the rollback deleted it). */
export function useRollbackTagRoute() {
  const changed = useTagRoutesChanged();
  return useMutation({
    mutationFn: ({ id, auditId, allowStranding }: { id: string; auditId: string; allowStranding?: boolean }) =>
      sendJson("POST", `/api/v1/tag-routes/${encodeURIComponent(id)}/rollback`, { auditId, ...stranding(allowStranding) }, tagRouteRollbackResponseSchema),
    onSettled: changed,
  });
}
