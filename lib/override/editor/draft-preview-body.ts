/**
 * The POST /api/v1/configs/preview body of the Configuration editor's draft: a new config,
 * or the edit (`id`) of the one opened. An application-scope draft is judged for the
 * service whose page it is edited on; on an application's page there is no one service to
 * judge, so nothing is asked (null). Pure.
 */
import type { ConfigPreviewRequest } from "@/lib/api/overrides/configs";
import type { OverrideDraft } from "../override-draft";
import type { ConfigTarget } from "./config-form";

export function draftPreviewBody(draft: OverrideDraft, target: ConfigTarget, id: string | null): ConfigPreviewRequest | null {
  if (draft.scope === "application" && target.kind !== "service") return null;
  const config = JSON.parse(JSON.stringify(draft)) as NonNullable<ConfigPreviewRequest["config"]>;
  const service = draft.scope === "application" && target.kind === "service" ? { service: target.service, ...(target.group ? { group: target.group } : {}), ...(target.version ? { version: target.version } : {}) } : {};
  return { ...(id === null ? {} : { id }), config, ...service };
}
