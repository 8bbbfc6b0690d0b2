/** The one shape of every HTTP error answer: `{ error: { code, message, ...details } }`. */
import { z } from "zod";
import { ERROR_CODES } from "../errors";

export const errorBodySchema = z.object({
  error: z
    .object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
    })
    .catchall(z.unknown()),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
