import { isIP } from "node:net";
import { ConsoleError } from "@/lib/errors";

/**
 * One ZooKeeper ACL entry in ZooKeeper's own `scheme:id:perms` notation (what zkCli's
 * `setAcl` and `getAcl` show): `world:anyone:r`, `digest:ops:<base64 sha1>:cdrwa`,
 * `ip:10.0.0.0/8:r`, `auth::cdrwa`. `perms` holds letters of `cdrwa` (create, delete,
 * read, write, admin), each at most once, in the order given.
 */
export interface AclEntry {
  readonly scheme: string;
  readonly id: string;
  readonly perms: string;
}

/** A malformed ACL entry; the message names the entry and what is wrong in one line. */
export class AclSpecError extends ConsoleError {
  constructor(
    readonly entry: string,
    reason: string,
  ) {
    super("config_invalid", `"${entry}": ${reason}`);
    this.name = "AclSpecError";
  }
}

/** ZooKeeper's permission letters, as zkCli writes them. */
export const PERMISSION_LETTERS = "cdrwa";

/** A digest id's hash: base64 of a 20-byte SHA-1 (DigestAuthenticationProvider.generateDigest). */
const DIGEST_HASH = /^[A-Za-z0-9+/]{27}=$/;
const SCHEME = /^[a-z][a-z0-9]*$/;

/**
 * Parses a comma list of ACL entries (the value of `CONSOLE_ZK_ACL`). Pure: returns the
 * entries, or throws {@link AclSpecError} naming the first bad entry. Never echoes more
 * than the entry itself, so a password typed where a digest belongs is not copied into
 * anything beyond the one-line configuration error.
 */
export function parseAclSpec(text: string): AclEntry[] {
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "");
  if (parts.length === 0) throw new AclSpecError(text, "no ACL entry given (write scheme:id:perms, e.g. world:anyone:r)");
  return parts.map(parseEntry);
}

function parseEntry(entry: string): AclEntry {
  const first = entry.indexOf(":");
  const last = entry.lastIndexOf(":");
  if (first < 0 || first === last) throw new AclSpecError(redacted(entry), "not scheme:id:perms (e.g. world:anyone:r, digest:user:<base64 sha1>:cdrwa)");
  const scheme = entry.slice(0, first);
  const id = entry.slice(first + 1, last);
  const perms = entry.slice(last + 1);
  if (!SCHEME.test(scheme)) throw new AclSpecError(redacted(entry), `"${scheme}" is not a scheme (world, auth, digest, ip, x509, sasl)`);
  const permsProblem = checkPerms(perms);
  if (permsProblem) throw new AclSpecError(redacted(entry), permsProblem);
  const idProblem = checkId(scheme, id);
  if (idProblem) throw new AclSpecError(redacted(entry), idProblem);
  return { scheme, id, perms };
}

function checkPerms(perms: string): string | null {
  if (perms === "") return `no permissions after the last ":" (give letters of ${PERMISSION_LETTERS})`;
  for (const [i, letter] of [...perms].entries()) {
    if (!PERMISSION_LETTERS.includes(letter)) return `"${letter}" is not a permission (give letters of ${PERMISSION_LETTERS})`;
    if (perms.indexOf(letter) !== i) return `permission "${letter}" given twice`;
  }
  return null;
}

function checkId(scheme: string, id: string): string | null {
  switch (scheme) {
    case "world":
      return id === "anyone" ? null : `the world scheme has one id, "anyone"`;
    case "auth":
      return id === "" ? null : `the auth scheme takes no id (write auth::perms): ZooKeeper fills in the console's own identity`;
    case "digest": {
      const colon = id.indexOf(":");
      if (colon <= 0) return "a digest id is user:<base64 sha1 of user:password>";
      if (!DIGEST_HASH.test(id.slice(colon + 1))) return "a digest id is user:<base64 sha1 of user:password> (28 characters ending in =), not a password";
      return null;
    }
    case "ip":
      return checkIp(id);
    default:
      return id === "" ? `the ${scheme} scheme needs an id` : null;
  }
}

function checkIp(id: string): string | null {
  const slash = id.indexOf("/");
  const address = slash < 0 ? id : id.slice(0, slash);
  const family = isIP(address);
  if (family === 0) return `"${address}" is not an IP address`;
  if (slash < 0) return null;
  const bits = id.slice(slash + 1);
  const max = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return `"/${bits}" is not a prefix length of 0 to ${max}`;
  return null;
}

/** `entry` with a digest id's secret part hidden: what follows `digest:user:` may be a password typed by mistake. */
function redacted(entry: string): string {
  const m = /^digest:([^:]*):/.exec(entry);
  return m ? `digest:${m[1]}:…` : entry;
}

/** The entries back in `scheme:id:perms` notation, comma-separated (for logs and the status page). */
export function formatAclSpec(entries: readonly AclEntry[]): string {
  return entries.map((e) => `${e.scheme}:${e.id}:${e.perms}`).join(",");
}
