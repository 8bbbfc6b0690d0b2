import { type InvokeRequest, type InvokeResponse, invokeResponseSchema } from "../invoke";
import { sendJson } from "./send-json";

/**
 * POST /api/v1/invoke: calls the method and answers the value, or the exception it threw
 * (both 200). Anything else throws ApiError: 400 `validation_failed` / `invalid_arguments`
 * with `details.issues`, 503 `no_provider`, 504 `timeout`, 502 `remote_error`.
 */
export function invoke(body: InvokeRequest, signal?: AbortSignal): Promise<InvokeResponse> {
  return sendJson("POST", "/api/v1/invoke", body, invokeResponseSchema, signal);
}
