/**
 * What the parameters an operator most often overrides mean, and the value Dubbo uses when
 * neither the URL nor a configurator sets one. The defaults are Dubbo's own (2.7.23 and
 * 3.3.6 agree on each): `CommonConstants.DEFAULT_TIMEOUT` 1000,
 * `DEFAULT_RETRIES` 2, `RandomLoadBalance.NAME`, `FailoverCluster.NAME`,
 * `DEFAULT_WEIGHT` 100, `DEFAULT_WARMUP` 600000 (10 minutes). The form shows them beside
 * each row; a parameter not listed here is any other URL parameter, written as typed.
 */
export interface ParameterGuide {
  /** The URL parameter's name as Dubbo reads it. */
  readonly key: string;
  /** One sentence for the form. */
  readonly meaning: string;
  /** Dubbo's default, as text; null when it has none (absent means off). */
  readonly dubboDefault: string | null;
  /** The side whose URL Dubbo reads it from, for the form's hint. */
  readonly side: "consumer" | "provider" | "both";
  /** The values Dubbo knows, when the set is closed. */
  readonly choices?: readonly string[];
}

/** The parameters the form offers first, in the order operators reach for them. */
export const PARAMETER_GUIDES: readonly ParameterGuide[] = [
  { key: "timeout", meaning: "How long a call waits for the answer, in milliseconds, before it fails.", dubboDefault: "1000", side: "both" },
  { key: "retries", meaning: "How many more providers a failed call tries (failover only); 0 tries once.", dubboDefault: "2", side: "both" },
  { key: "loadbalance", meaning: "How a consumer picks a provider for each call.", dubboDefault: "random", side: "both", choices: ["random", "roundrobin", "leastactive", "consistenthash", "shortestresponse"] },
  { key: "cluster", meaning: "What a consumer does when a call fails.", dubboDefault: "failover", side: "consumer", choices: ["failover", "failfast", "failsafe", "failback", "forking", "broadcast", "available", "mergeable"] },
  { key: "weight", meaning: "A provider's share of the calls, against the other providers' weights.", dubboDefault: "100", side: "provider" },
  { key: "disabled", meaning: "true takes the provider out of its consumers' lists (offline).", dubboDefault: "false", side: "provider", choices: ["true", "false"] },
  { key: "warmup", meaning: "For how long after start a provider's weight ramps up, in milliseconds.", dubboDefault: "600000", side: "provider" },
  { key: "actives", meaning: "At most this many calls in flight per method from one consumer; 0 is no limit.", dubboDefault: "0", side: "consumer" },
  { key: "executes", meaning: "At most this many calls served at once per method by one provider; 0 is no limit.", dubboDefault: "0", side: "provider" },
  { key: "mock", meaning: "What a call answers instead of the provider (force:… always, fail:… on failure).", dubboDefault: null, side: "consumer" },
  { key: "accesslog", meaning: "true (or a file) logs every call the provider serves.", dubboDefault: null, side: "provider" },
  { key: "token", meaning: "A secret a consumer must send; true lets the provider make one.", dubboDefault: null, side: "provider" },
];

const BY_KEY = new Map(PARAMETER_GUIDES.map((g) => [g.key, g]));

/**
 * The guide for `key`; a per-method key (`sayHello.timeout`) gets the guide of its
 * parameter, said for that method. Undefined for a parameter not described here.
 */
export function parameterGuide(key: string): ParameterGuide | undefined {
  const own = BY_KEY.get(key);
  if (own) return own;
  const dot = key.lastIndexOf(".");
  if (dot <= 0) return undefined;
  const base = BY_KEY.get(key.slice(dot + 1));
  if (!base) return undefined;
  return { ...base, key, meaning: `For method ${key.slice(0, dot)} only: ${base.meaning.charAt(0).toLowerCase()}${base.meaning.slice(1)}` };
}
