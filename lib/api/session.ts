/**
 * The HTTP API of sign-in: `GET /api/v1/session` (public) says whether authentication is on
 * and who the request is; `POST /api/v1/session` signs in and sets the httpOnly session
 * cookie; `DELETE /api/v1/session` signs out (204).
 */
import { z } from "zod";
import { ROLES } from "../auth/roles";

/** The signed-in user as the browser may see it: never a secret (no hash, no token). */
export const sessionUserSchema = z.object({
  name: z.string(),
  role: z.enum(ROLES),
  via: z.enum(["session", "token", "anonymous"]),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/v1/session: `auth` "off" when CONSOLE_AUTH=off; `user` null when not signed in. */
export const sessionStateSchema = z.object({
  auth: z.enum(["on", "off"]),
  user: sessionUserSchema.nullable(),
});
export type SessionState = z.infer<typeof sessionStateSchema>;

/** How long a user name and a password may be: longer is refused before any hashing. */
export const SIGN_IN_FIELD_MAX_LENGTH = 200;

/** POST /api/v1/session's body. */
export const signInBodySchema = z.strictObject({
  name: z.string().trim().min(1, "Enter your user name").max(SIGN_IN_FIELD_MAX_LENGTH),
  password: z.string().min(1, "Enter your password").max(SIGN_IN_FIELD_MAX_LENGTH),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

/** POST /api/v1/session's answer (200), besides the cookie; `expiresAt` in ms since the epoch. */
export const signInResponseSchema = z.object({
  user: sessionUserSchema,
  expiresAt: z.number(),
});
export type SignInResponse = z.infer<typeof signInResponseSchema>;
