import { ApiError } from "./fetch-json";
import { errorBodySchema } from "../error-body";
import { type SignInBody, type SignInAnswer, signInAnswerSchema } from "../session";

/**
 * POST /api/v1/session. Not through sendJson: its 401 means wrong credentials, not an
 * expired session, so it must not send the page to sign-in. A 401 or 429 throws
 * {@link ApiError} (a 429's `retryAfterSeconds` in its details).
 */
export async function signIn(body: SignInBody): Promise<SignInAnswer> {
  const res = await fetch("/api/v1/session", {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const parsed = errorBodySchema.safeParse(answer);
    if (parsed.success) {
      const { code, message, ...details } = parsed.data.error;
      throw new ApiError(res.status, code, message, details);
    }
    throw new ApiError(res.status, "http_error", `HTTP ${res.status} from POST /api/v1/session`);
  }
  return signInAnswerSchema.parse(answer);
}

/** DELETE /api/v1/session: ends the session (the server clears the cookie). Never throws on 401: signed out is signed out. */
export async function signOut(): Promise<void> {
  const res = await fetch("/api/v1/session", { method: "DELETE", headers: { accept: "application/json" } });
  if (!res.ok && res.status !== 401) throw new ApiError(res.status, "http_error", `HTTP ${res.status} from DELETE /api/v1/session`);
}

/** The wait a 429 asks for, in seconds, when it says. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const value = error.details.retryAfterSeconds;
  return typeof value === "number" && Number.isFinite(value) ? Math.max(1, Math.ceil(value)) : null;
}
