import type { ServiceDetail } from "../../api/catalog-entities";

/**
 * What the visual builder offers for a service: the keys a condition can read on each side
 * and, for a key, the values the live registry holds. The when side reads the consumer
 * (and the call's method); the then side reads each provider.
 */
export interface ConditionSuggestions {
  readonly whenKeys: readonly string[];
  readonly thenKeys: readonly string[];
  /** Values seen for `key` on that side, sorted, at most {@link MAX_VALUES}. */
  values(side: "when" | "then", key: string): readonly string[];
}

/** The most values offered for one key. */
export const MAX_VALUES = 100;

/** Keys every URL has, besides its parameters (`host`, `address`, `port`, `protocol` are the URL's own parts). */
const URL_KEYS = ["host", "address", "port", "protocol", "application"] as const;
/** Parameters that say nothing a route would select on (they change on every restart). */
const NOISE: ReadonlySet<string> = new Set(["timestamp", "pid"]);

interface Party {
  readonly host: string;
  readonly address: string;
  readonly application: string;
  readonly parameters: Readonly<Record<string, string>>;
  readonly port?: number;
  readonly protocol?: string;
}

export function conditionSuggestions(service: Pick<ServiceDetail, "providers" | "consumers" | "methods">): ConditionSuggestions {
  const methods = service.methods.map((m) => m.name);
  const when = valuesByKey(service.consumers.map((c) => ({ ...c, protocol: "consumer" })));
  if (methods.length > 0) when.set("method", new Set(methods));
  const then = valuesByKey(service.providers);
  const keys = (seen: Map<string, Set<string>>, first: readonly string[]) => [...new Set([...first, ...[...seen.keys()].sort()])].filter((k) => !NOISE.has(k));
  return {
    whenKeys: keys(when, ["host", "application", "method", ...URL_KEYS]),
    thenKeys: keys(then, URL_KEYS),
    values(side, key) {
      const seen = (side === "when" ? when : then).get(key);
      return seen ? [...seen].sort().slice(0, MAX_VALUES) : [];
    },
  };
}

function valuesByKey(parties: readonly Party[]): Map<string, Set<string>> {
  const byKey = new Map<string, Set<string>>();
  const add = (key: string, value: string | undefined) => {
    if (value === undefined || value === "") return;
    let set = byKey.get(key);
    if (!set) byKey.set(key, (set = new Set()));
    set.add(value);
  };
  for (const p of parties) {
    add("host", p.host);
    add("address", p.address);
    add("application", p.application);
    if (p.port !== undefined && p.port > 0) add("port", String(p.port));
    add("protocol", p.protocol);
    for (const [k, v] of Object.entries(p.parameters)) if (!NOISE.has(k)) add(k, v);
  }
  return byKey;
}
