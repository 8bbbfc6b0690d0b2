import { randomBytes } from "node:crypto";
import argon2 from "argon2";

/**
 * Passwords are argon2id hashes (the `argon2` package's defaults: 64 MiB, 3 passes, 4
 * lanes, a random salt), never compared or stored in the clear.
 */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

let dummy: Promise<string> | undefined;

/**
 * Whether `password` matches `hash`. With `hash` undefined (no such user) a dummy hash is
 * verified all the same, so a wrong name takes about as long as a wrong password.
 */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (hash === undefined) {
    dummy ??= hashPassword(randomBytes(16).toString("hex"));
    await argon2.verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A malformed hash the schema let through: that user cannot sign in.
    return false;
  }
}
