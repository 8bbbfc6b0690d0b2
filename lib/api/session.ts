/**
 * The HTTP contract of /api/v1/session (sign-in, who am I, sign-out), shared by the handler
 * and the sign-in page. See docs/api.md.
 */
import { z } from "zod";
import { PERMISSIONS } from "../auth/roles";

/** POST /api/v1/session body. Bounded, so a huge password cannot make argon2 work for nothing. */
export const signInBodySchema = z.object({
  name: z.string({ error: "name must be a string" }).min(1, "name must not be empty").max(64, "name must be at most 64 characters"),
  password: z.string({ error: "password must be a string" }).min(1, "password must not be empty").max(1024, "password must be at most 1024 characters"),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

/**
 * The user a session or token stands for: `role` is the role's name (a preset or one the
 * users file defines), `permissions` what it may do (lib/auth/roles.ts), which the UI reads
 * to hide what would be refused.
 */
export const sessionUserSchema = z.object({
  name: z.string(),
  role: z.string(),
  permissions: z.array(z.enum(PERMISSIONS)),
  via: z.enum(["session", "token", "anonymous"]),
});
export type SessionUserJson = z.infer<typeof sessionUserSchema>;

/** POST /api/v1/session 200 answer (the cookie comes in Set-Cookie); `expiresAt` is epoch ms. */
export const signInAnswerSchema = z.object({
  user: sessionUserSchema.extend({ via: z.literal("session") }),
  expiresAt: z.number(),
});
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

/**
 * GET /api/v1/session answer: whether sign-in is on, and who the request is (null when
 * nobody is signed in). With `auth: "off"` the user is the anonymous admin, and the UI
 * shows a permanent warning.
 */
export const sessionStateSchema = z.object({
  auth: z.enum(["on", "off"]),
  user: sessionUserSchema.nullable(),
});
export type SessionState = z.infer<typeof sessionStateSchema>;
