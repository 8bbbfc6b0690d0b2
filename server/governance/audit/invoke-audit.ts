import type { AuditDraft } from "@/lib/api/audit";
import type { InvokeRequestBody, InvokeResponse } from "@/lib/api/invoke";
import { auditedActor, type AuditedActor } from "@/lib/auth/actor";
import { serviceKey } from "@/lib/dubbo/service-key";
import { isConsoleError } from "@/lib/errors";

/**
 * The audit entry of one invocation, made after the call (an invocation changes nothing
 * the console could make atomic with its record). Pure. `answer` is the 200 answer, or
 * what was thrown; a method that threw is recorded as an error with its Java class.
 */
export function invocationDraft(actor: AuditedActor, body: InvokeRequestBody, answer: { response: InvokeResponse } | { error: unknown }, elapsedMs: number, at = Date.now()): AuditDraft {
  const service = serviceKey({ interface: body.service, group: body.group ?? "", version: body.version ?? "" });
  const response = "response" in answer ? answer.response : null;
  const error = response ? (response.ok ? undefined : { code: "business_exception", message: `${response.error.class}: ${response.error.message ?? ""}` }) : errorOf("error" in answer ? answer.error : null);
  const provider = response?.provider ?? attemptsOf("error" in answer ? answer.error : null).at(-1) ?? null;
  const where = body.url !== undefined ? ` at ${body.url}` : body.provider !== undefined ? ` on ${body.provider}` : "";
  return {
    at,
    actor: auditedActor(actor),
    kind: "invoke",
    service,
    summary: `invoked ${service}#${body.method}${where}: ${error ? error.code : "ok"}`,
    before: null,
    after: null,
    invocation: {
      method: body.method,
      ...(body.parameterTypes ? { parameterTypes: [...body.parameterTypes] } : {}),
      args: body.args,
      result: response ? (response.ok ? response.value : response.error) : null,
      provider,
      elapsedMs: Math.max(0, Math.round((response?.elapsedMs ?? elapsedMs) * 1000) / 1000),
    },
    outcome: error ? "error" : "ok",
    ...(error ? { error } : {}),
  };
}

function errorOf(e: unknown): { code: string; message: string } {
  if (isConsoleError(e)) return { code: e.code, message: e.message };
  return { code: "internal", message: e instanceof Error ? e.message : String(e) };
}

/** The providers tried, from an InvocationFailedError's `attempts` detail. */
function attemptsOf(e: unknown): string[] {
  const attempts = isConsoleError(e) ? e.details?.attempts : undefined;
  return Array.isArray(attempts) ? attempts.flatMap((a: { provider?: unknown }) => (typeof a?.provider === "string" ? [a.provider] : [])) : [];
}
