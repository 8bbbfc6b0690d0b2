import { timingSafeEqual } from "node:crypto";
import type { TokenEntry } from "@/lib/auth/users-file";

/** A token that matched: its name and role. */
export interface MatchedToken {
  readonly name: string;
  readonly role: TokenEntry["role"];
}

/**
 * The token whose SHA-256 is `presented` (the digest of what the client sent), comparing
 * every entry in constant time so the answer's timing does not tell how much matched.
 */
export function matchToken(presented: Buffer, tokens: readonly TokenEntry[], envToken: Buffer | null): MatchedToken | null {
  let found: MatchedToken | null = null;
  if (envToken !== null && timingSafeEqual(presented, envToken)) found = { name: ENV_TOKEN_NAME, role: "admin" };
  for (const t of tokens) {
    if (timingSafeEqual(presented, Buffer.from(t.hash, "hex")) && found === null) found = { name: t.name, role: t.role };
  }
  return found;
}

/** The name the audit trail records for CONSOLE_API_TOKEN. */
export const ENV_TOKEN_NAME = "env-token";
