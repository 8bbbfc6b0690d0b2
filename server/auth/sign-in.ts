import { UnauthorizedError } from "@/server/errors/auth-errors";
import type { AuthRuntime } from "./auth-runtime";
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

/**
 * {@link signIn} from `address` under the runtime's limits, each checked before any
 * password is: failures per address and name, failures per address whatever the name (so
 * random names do not walk past the first), then a slot among the few password checks the
 * process runs at once. Each refusal is a RateLimitedError (429 with Retry-After) that
 * costs no argon2 run. A wrong name or password counts against both failure windows.
 */
export async function signInLimited(runtime: AuthRuntime, address: string, name: string, password: string): Promise<SignedIn> {
  const key = `${address} ${name}`;
  runtime.signInFailures.check(key);
  runtime.signInFailuresByAddress.check(address);
  const signed = await runtime.passwordChecks
    .run("all", () => signIn(runtime.authenticator, name, password))
    .catch((e: unknown) => {
      if (e instanceof UnauthorizedError) {
        runtime.signInFailures.fail(key);
        runtime.signInFailuresByAddress.fail(address);
      }
      throw e;
    });
  runtime.signInFailures.succeed(key);
  return signed;
}
