"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { type AccessBody, type AccessRule, accessRuleSchema } from "@/lib/api/access";
import { sendJson } from "@/lib/api/client/send-json";

/** An access rule is a condition route: a change of one changes the route lists, the previews, the service's routes and the audit trail. */
function useAccessChanged() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: ["routes"] }), client.invalidateQueries({ queryKey: ["service"] }), client.invalidateQueries({ queryKey: ["audit"] })]);
}

const deletedSchema = z.object({ deleted: z.literal(true), id: z.string() });
const ruleUrl = (rule: AccessRule, action = "") => `/api/v1/access/${encodeURIComponent(rule.id)}${action}`;

/** POST /api/v1/access; `allowStranding` once the operator confirmed blocking every consumer. */
export function useCreateAccess() {
  const changed = useAccessChanged();
  return useMutation({
    mutationFn: ({ body, allowStranding }: { body: Omit<AccessBody, "allowStranding">; allowStranding: boolean }) => sendJson("POST", "/api/v1/access", { ...body, ...(allowStranding ? { allowStranding: true } : {}) }, accessRuleSchema),
    onSettled: changed,
  });
}

/** PUT /api/v1/access/{id}: the rule's lists as edited, based on the revision shown (its service, mode and name stay). */
export function useReplaceAccess() {
  const changed = useAccessChanged();
  return useMutation({
    mutationFn: ({ rule, hosts, applications, allowStranding }: { rule: AccessRule; hosts: readonly string[]; applications: readonly string[]; allowStranding: boolean }) =>
      sendJson("PUT", ruleUrl(rule), { revision: rule.revision, hosts, applications, ...(allowStranding ? { allowStranding: true } : {}) }, accessRuleSchema),
    onSettled: changed,
  });
}

/** POST /api/v1/access/{id}/enable or /disable, based on the revision shown. */
export function useToggleAccess() {
  const changed = useAccessChanged();
  return useMutation({
    mutationFn: ({ rule, enabled, allowStranding }: { rule: AccessRule; enabled: boolean; allowStranding: boolean }) =>
      sendJson("POST", ruleUrl(rule, enabled ? "/enable" : "/disable"), { revision: rule.revision, ...(allowStranding ? { allowStranding: true } : {}) }, accessRuleSchema),
    onSettled: changed,
  });
}

/** DELETE /api/v1/access/{id}?revision=. */
export function useDeleteAccess() {
  const changed = useAccessChanged();
  return useMutation({
    mutationFn: (rule: AccessRule) => sendJson("DELETE", `${ruleUrl(rule)}?revision=${encodeURIComponent(rule.revision)}`, undefined, deletedSchema),
    onSettled: changed,
  });
}
