import { createHash } from "node:crypto";
import { ValidationError } from "@/lib/errors";

/**
 * A config's id, stable across its edits, with the revision apart:
 * - a config-center item (with its registry copy, if any): `{registry}.{base64url(scope:key)}.{n}`,
 *   `n` its index among the rule's `configs` (an edit keeps it; deleting an earlier item of
 *   the same rule moves it down by one);
 * - a registry `override://` URL that no config-center item accounts for (Dubbo's own,
 *   Dubbo Admin's or zkCli's): `{registry}.{base64url(dir)}.u{fingerprint}`, `dir` the service
 *   directory as ZooKeeper lists it, the fingerprint that of its node name (an edit, which
 *   replaces the node, turns it into a config-center item with a registry copy).
 */
export type ConfigRef =
  | { readonly kind: "center"; readonly registry: number; readonly scope: "service" | "application"; readonly key: string; readonly index: number }
  | { readonly kind: "url"; readonly registry: number; readonly dir: string; readonly fingerprint: string };

/** The fingerprint of a text: 96 bits of its SHA-256, base64url. */
export function fingerprintOf(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("base64url").slice(0, 16);
}

const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64url");

export function centerConfigId(registry: number, scope: "service" | "application", key: string, index: number): string {
  return `${registry}.${b64(`${scope}:${key}`)}.${index}`;
}

export function urlConfigId(registry: number, dir: string, node: string): string {
  return `${registry}.${b64(dir)}.u${fingerprintOf(node)}`;
}

const ID = /^(\d{1,3})\.([A-Za-z0-9_-]{1,2000})\.(\d{1,4}|u[A-Za-z0-9_-]{16})$/;

/** @throws ValidationError when `id` is not one this API gave out. */
export function parseConfigId(id: string): ConfigRef {
  const m = ID.exec(id);
  const text = m ? Buffer.from(m[2]!, "base64url").toString("utf8") : "";
  const bad = () => {
    const message = `id ${JSON.stringify(id.length > 80 ? `${id.slice(0, 80)}…` : id)} is not a config id this API gave out; GET /api/v1/configs lists them`;
    return new ValidationError(message, [{ path: "id", message }]);
  };
  if (!m || text === "" || b64(text) !== m[2]) throw bad();
  const registry = Number(m[1]);
  if (m[3]!.startsWith("u")) {
    if (text.includes("/") || text === "." || text === "..") throw bad();
    return { kind: "url", registry, dir: text, fingerprint: m[3]!.slice(1) };
  }
  const colon = text.indexOf(":");
  const scope = text.slice(0, colon);
  const key = text.slice(colon + 1);
  if ((scope !== "service" && scope !== "application") || key === "" || key.includes("/")) throw bad();
  return { kind: "center", registry, scope, key, index: Number(m[3]) };
}
