import { ApiError } from "../api/client/fetch-json";
import type { InvokeRequest, InvokeResponse } from "../api/invoke";
import type { ServiceId } from "../dubbo/service-key";
import type { SettingsFields } from "./form/invoke-settings";
import { clipped, type RecentInvocation } from "./form/recent-invocations";
import { returnedValue } from "./returned-value";

/**
 * The request the Invoke page sends: the service (group and version only when it has
 * them), the method with its parameter types (always: the page knows them, from the
 * metadata or from the operator), the arguments, and the settings' fields.
 */
export function invokeRequestOf(service: ServiceId, method: string, parameterTypes: readonly string[], args: readonly unknown[], fields: SettingsFields): InvokeRequest {
  return {
    service: service.interface,
    ...(service.group ? { group: service.group } : {}),
    ...(service.version ? { version: service.version } : {}),
    method,
    parameterTypes: [...parameterTypes],
    args: [...args],
    ...fields,
  };
}

/** One line of a returned value: its JSON on one line, or "void" / "no value returned" as the Invoke page says them. */
function valueSummary(value: unknown, returnType: string | null): string {
  const shown = returnedValue(value, returnType);
  if (shown.kind === "void") return "void";
  if (shown.kind === "none") return "no value returned";
  return JSON.stringify(value) ?? "null";
}

/** The recent-invocations entry of a request that ended at `at`, and how. */
export function recentEntryOf(request: InvokeRequest, at: number, ended: { answer: InvokeResponse } | { error: Error }): RecentInvocation {
  if ("error" in ended) {
    const { error } = ended;
    return { at, request, outcome: "error", summary: clipped(error instanceof ApiError ? `${error.code}: ${error.message}` : error.message) };
  }
  const { answer } = ended;
  if (answer.ok) return { at, request, outcome: "value", summary: clipped(valueSummary(answer.value, answer.returnType)) };
  return { at, request, outcome: "exception", summary: clipped(`${answer.error.class}: ${answer.error.message ?? "(no message)"}`) };
}
