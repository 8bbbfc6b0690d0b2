/** The one shape of every HTTP error answer: `{ error: { code, message, ...details } }`. */
import { z } from "zod";
import { type ConsoleError, ERROR_CODES } from "../errors";

export const errorBodySchema = z.object({
  error: z
    .object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
    })
    .catchall(z.unknown()),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The error body of `e`: its details, then its code and message (which details cannot override). */
export function errorBodyOf(e: ConsoleError): ErrorBody {
  return { error: { ...(e.details ?? {}), code: e.code, message: e.message } };
}
