import zookeeper from "node-zookeeper-client";

/**
 * ZooKeeper error codes newer than node-zookeeper-client 1.1.3, which knows those up to
 * -115 (AuthFailed). Its `Exception.create` throws `Error("Unknown code: -124")` for any
 * other, and it calls that inside its socket's data handler (ConnectionManager.js), so one
 * such reply is an uncaught exception in the console's process. ZooKeeper 3.7+ sends -124
 * to every request of a session without the authentication it enforces
 * (`enforce.auth.enabled`), 3.6+ -125 when a quota is enforced. Names as ZooKeeper's
 * KeeperException.Code spells them.
 */
export const NEWER_CODES: ReadonlyMap<number, string> = new Map([
  [-12, "UNKNOWN_SESSION"],
  [-13, "NEW_CONFIG_NO_QUORUM"],
  [-14, "RECONFIG_IN_PROGRESS"],
  [-118, "SESSION_MOVED"],
  [-119, "NOT_READ_ONLY"],
  [-120, "EPHEMERAL_ON_LOCAL_SESSION"],
  [-121, "NO_WATCHER"],
  [-122, "REQUEST_TIMEOUT"],
  [-123, "RECONFIG_DISABLED"],
  [-124, "SESSION_CLOSED_REQUIRE_SASL_AUTH"],
  [-125, "QUOTA_EXCEEDED"],
  [-127, "THROTTLED_OP"],
]);

/** ZooKeeper's code for a session closed because it lacks the authentication the server enforces. */
export const SESSION_CLOSED_REQUIRE_AUTH = -124;

type ExceptionModule = { create: (code: number, path?: string) => zookeeper.Exception; [patched]?: true };
const patched = Symbol.for("dubbo-console.zk-error-codes");

/**
 * Makes node-zookeeper-client's `Exception.create` answer an exception for every code
 * (a {@link zookeeper.Exception} whose `getCode()` is the code and whose name is
 * ZooKeeper's, "UNKNOWN_-nnn" for one newer still) instead of throwing. The library's own
 * modules call it through the same module object, so this covers them too. Idempotent.
 */
export function tolerateNewerErrorCodes(): void {
  const exceptions = zookeeper.Exception as unknown as ExceptionModule;
  if (exceptions[patched]) return;
  const original = exceptions.create;
  exceptions.create = (code, path) => {
    try {
      return original(code, path);
    } catch {
      return unknownException(code, path);
    }
  };
  exceptions[patched] = true;
}

/** An exception for a code the library does not list; its constructor would refuse it. */
function unknownException(code: number, path?: string): zookeeper.Exception {
  const name = NEWER_CODES.get(code) ?? `UNKNOWN_${code}`;
  const e = Object.create(zookeeper.Exception.prototype) as zookeeper.Exception & { code: number; name: string; path?: string; message: string; stack?: string };
  e.code = code;
  e.name = name;
  e.path = path;
  e.message = `Exception: ${name}[${code}]${path ? `@${path}` : ""}`;
  Error.captureStackTrace(e, unknownException);
  return e;
}
