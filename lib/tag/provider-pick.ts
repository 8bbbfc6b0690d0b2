import { stringMatches } from "../override/condition-match";
import type { TagMatchDraft } from "./tag-draft";

/**
 * How the tag editor picks providers of the live registry into a tag: by address (a
 * checkbox per provider) or by `match` conditions on the providers' URL parameters,
 * worked out in the browser as the operator types (the server's preview is the judge).
 */

/** One provider URL of the application, as the catalog lists it (lib/api/catalog-entities.ts Provider). */
export interface PickableProvider {
  readonly host: string;
  readonly port: number;
  /** Every URL parameter, decoded. */
  readonly parameters: Readonly<Record<string, string>>;
}

/** Hosts Java reads as IPv6-ish (loopback, the any-address): an `ip` or `ip:port` entry never matches them. */
const LOOPBACK_HOST = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|0\.0\.0\.0)$/;

/**
 * The `addresses` entry that selects this provider in every release: `host/32` for a
 * loopback or 0.0.0.0 host (only a CIDR matches those), `host:port` otherwise.
 */
export function addressEntryOf(p: Pick<PickableProvider, "host" | "port">): string {
  return LOOPBACK_HOST.test(p.host) ? `${p.host}/32` : `${p.host}:${p.port}`;
}

/** Whether `addresses` holds the entry {@link addressEntryOf} gives for the provider. */
export function isPicked(addresses: readonly string[], p: Pick<PickableProvider, "host" | "port">): boolean {
  return addresses.includes(addressEntryOf(p));
}

/** `addresses` with the provider's entry added (`picked`) or removed; other entries kept in their order. */
export function togglePick(addresses: readonly string[], p: Pick<PickableProvider, "host" | "port">, picked: boolean): string[] {
  const entry = addressEntryOf(p);
  const rest = addresses.filter((a) => a !== entry);
  return picked ? [...rest, entry] : rest;
}

/**
 * The providers every condition accepts (AND, as Dubbo 3.3 reads `match`); none for no
 * conditions, or while a condition has no key yet.
 */
export function providersMatching<P extends PickableProvider>(providers: readonly P[], match: readonly TagMatchDraft[]): P[] {
  if (match.length === 0 || match.some((m) => m.key.trim() === "")) return [];
  return providers.filter((p) => match.every((m) => stringMatches(m.value, p.parameters[m.key])));
}
