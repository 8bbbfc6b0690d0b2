/**
 * The HTTP contract of GET /api/v1/users (admin only), shared by the handler and the Users
 * page. Names and roles only: a password hash or token hash never leaves the server.
 */
import { z } from "zod";
import { PERMISSIONS } from "../auth/roles";

const entrySchema = z.object({ name: z.string(), role: z.string() });
const roleSchema = z.object({ name: z.string(), permissions: z.array(z.enum(PERMISSIONS)) });

/**
 * `source`: `file` when CONSOLE_USERS_FILE is set (its users and tokens as the console read
 * it last), `none` otherwise. `tokens` also lists `env-token` (admin) when CONSOLE_API_TOKEN is set.
 * `roles` is every role with its permissions: the presets, then the users file's own.
 */
export const usersResponseSchema = z.object({
  source: z.enum(["file", "none"]),
  users: z.array(entrySchema),
  tokens: z.array(entrySchema),
  roles: z.array(roleSchema),
});
export type UsersResponse = z.infer<typeof usersResponseSchema>;
