import { z } from "zod";
import { CLUSTER_STRATEGIES, INVOKE_MAX_ATTACHMENTS, INVOKE_MAX_TAG_LENGTH, INVOKE_MAX_TIMEOUT_MS, type InvokeRequest, LOAD_BALANCES } from "../../api/invoke";
import { setOwn } from "../own-property";

/**
 * How the Invoke page calls, besides the method and its arguments: through the cluster
 * (optionally naming the cluster strategy and the load balance) or pinned to one
 * provider, the timeout, the request tag, the attachments. The schema reads the form's values (texts and
 * rows) into the request's fields, with a message at each field that is wrong.
 */
/**
 * Where the call goes: `cluster` (the router chain of the service's routes, then the load
 * balance, with the cluster strategy's retries; each "" for the provider URL's own
 * setting) or the one `provider` at `address`. The fields of both stay in the form, so
 * switching back and forth keeps what was chosen.
 */
const targetSchema = z
  .object({ type: z.enum(["cluster", "provider"]), cluster: z.enum([...CLUSTER_STRATEGIES, ""]), loadbalance: z.enum([...LOAD_BALANCES, ""]), address: z.string() })
  .superRefine((target, ctx) => {
    if (target.type === "provider" && target.address === "") ctx.addIssue({ code: "custom", path: ["address"], message: "Choose the provider to call" });
  });

const TIMEOUT_PROBLEM = `A whole number of milliseconds from 1 to ${INVOKE_MAX_TIMEOUT_MS}, or blank for the provider's timeout`;

/** What the request tag may hold: what POST /api/v1/invoke takes (lib/api/invoke.ts `tag`). */
const TAG_PROBLEM = `At most ${INVOKE_MAX_TAG_LENGTH} characters, no tabs or line breaks; blank for none`;

const attachmentRowSchema = z.object({ key: z.string(), value: z.string() });

export const invokeSettingsSchema = z
  .object({
    target: targetSchema,
    /** Milliseconds as typed; blank for the provider's own timeout. */
    timeout: z.string().refine((t) => t.trim() === "" || (/^\d+$/.test(t.trim()) && Number(t) >= 1 && Number(t) <= INVOKE_MAX_TIMEOUT_MS), { error: TIMEOUT_PROBLEM }),
    /** The request tag as typed (sent as the `dubbo.tag` attachment); blank for none. */
    tag: z.string().refine((t) => t.trim().length <= INVOKE_MAX_TAG_LENGTH && /^\P{Cc}*$/u.test(t.trim()), { error: TAG_PROBLEM }),
    /** Rows as typed; a row with neither key nor value is ignored. */
    attachments: z.array(attachmentRowSchema).superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, i) => {
        const key = row.key.trim();
        if (key === "" && row.value === "") return;
        const problem =
          key === "" ? "Give the attachment a key" : seen.has(key) ? `The key ${JSON.stringify(key)} is there twice` : seen.size >= INVOKE_MAX_ATTACHMENTS ? `At most ${INVOKE_MAX_ATTACHMENTS} attachments` : null;
        if (problem) ctx.addIssue({ code: "custom", path: [i, "key"], message: problem });
        seen.add(key);
      });
    }),
  })
  .transform((settings): SettingsFields => {
    const { target } = settings;
    const attachments: Record<string, string> = {};
    for (const row of settings.attachments) if (row.key.trim() !== "") setOwn(attachments, row.key.trim(), row.value);
    const timeout = settings.timeout.trim();
    const tag = settings.tag.trim();
    return {
      ...(target.type === "provider" ? { provider: target.address } : {}),
      ...(target.type === "cluster" && target.cluster ? { cluster: target.cluster } : {}),
      ...(target.type === "cluster" && target.loadbalance ? { loadbalance: target.loadbalance } : {}),
      ...(timeout !== "" ? { timeoutMs: Number(timeout) } : {}),
      ...(tag !== "" ? { tag } : {}),
      ...(Object.keys(attachments).length > 0 ? { attachments } : {}),
    };
  });

/** The form's values. */
export type InvokeSettings = z.input<typeof invokeSettingsSchema>;
export type InvokeTarget = InvokeSettings["target"];
/** The request fields the settings make. */
export type SettingsFields = Pick<InvokeRequest, "provider" | "timeoutMs" | "tag" | "attachments" | "cluster" | "loadbalance">;

export const DEFAULT_SETTINGS: InvokeSettings = { target: { type: "cluster", cluster: "", loadbalance: "", address: "" }, timeout: "", tag: "", attachments: [] };

/** The settings a sent request was made with: what a replay puts back in the form. */
export function settingsOf(request: InvokeRequest): InvokeSettings {
  const cluster = CLUSTER_STRATEGIES.find((c) => c === request.cluster) ?? "";
  const loadbalance = LOAD_BALANCES.find((l) => l === request.loadbalance) ?? "";
  return {
    target: { type: request.provider ? "provider" : "cluster", cluster, loadbalance, address: request.provider ?? "" },
    timeout: request.timeoutMs === undefined ? "" : String(request.timeoutMs),
    tag: request.tag ?? "",
    attachments: Object.entries(request.attachments ?? {}).map(([key, value]) => ({ key, value })),
  };
}
