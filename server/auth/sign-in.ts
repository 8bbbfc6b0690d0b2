import { UnauthorizedError } from "@/lib/errors";
import { type Authenticator, type SignedIn, WRONG_CREDENTIALS } from "./authenticator";
import { verifyPassword } from "./password";

/**
 * Checks `name` and `password` against the users file (re-read first) and opens a session.
 * Throws UnauthorizedError with one message for a wrong name and a wrong password alike;
 * each costs one argon2 verification, so the time does not tell which was wrong.
 * Kept apart from the Authenticator so proxy.ts, which only checks sessions, never loads argon2.
 */
export async function signIn(auth: Authenticator, name: string, password: string): Promise<SignedIn> {
  const user = auth.user(name);
  const ok = await verifyPassword(user?.password, password);
  if (!ok || user === undefined) throw new UnauthorizedError(WRONG_CREDENTIALS);
  return auth.openSession(user);
}
