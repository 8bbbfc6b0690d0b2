/**
 * Which copy of a condition route a consumer obeys, by the Dubbo release on its consumer
 * URL. Read from apache/dubbo's tags:
 *
 * - Registry copy (`/dubbo/{interface}/routers`, route URLs): read through the `condition`
 *   RouterFactory by 2.x and by 3.0.0–3.0.4. 3.0.5 dropped that factory ("Refactor State
 *   Router", #9228): from then on RegistryDirectory logs "convert router url to router
 *   error" and applies nothing.
 * - Config-center copy (`/dubbo/config/dubbo/{key}.condition-router`, YAML): read from
 *   2.7.0, but at that path and with the keys of config-rule-key.ts only from 2.7.3
 *   (2.7.0–2.7.2 read `/dubbo/config/{group*interface:version}/condition-router`).
 *   ServiceRouter/AppRouter (2.7.3+, 3.0.0–3.0.4), ServiceStateRouter/AppStateRouter
 *   (3.0.5+) read the service key and the consumer's application; ProviderAppStateRouter
 *   (3.2.0-beta.6+) also the providers' application; `configVersion: v3.1`
 *   multi-destination rules are read from 3.3.0-beta.5. 2.x and 3.x use a ZooKeeper
 *   registry as config center unless another one is configured.
 * - 2.6 and older have no config center.
 */

import type { DubboRelease } from "../dubbo-release";

/** The two places a console writes a route. */
export type RuleCopy = "registry" | "config-center";

/**
 * A consumer's Dubbo release, in the ranges that differ in what they obey, each named by
 * its first release: `2.6` (2.6.x and older), `2.7.0` (to 2.7.2), `2.7.3` (to 2.7.x),
 * `3.0.0` (to 3.0.4), `3.0.5` (to 3.1.x), `3.2` (3.2.x), `3.3` (3.3 and later 3.x).
 */
export type ReleaseLine = "2.6" | "2.7.0" | "2.7.3" | "3.0.0" | "3.0.5" | "3.2" | "3.3" | "unknown";

/** Which config-center rules a release reads. */
export interface ConfigCenterReading {
  /** `{interface}:{version}:{group}.condition-router`. */
  readonly service: true;
  /** `{its own application}.condition-router`. */
  readonly consumerApplication: true;
  /** `{its providers' application}.condition-router` (Dubbo 3.2+). */
  readonly providerApplication: boolean;
  /** `configVersion: v3.1` rules (Dubbo 3.3+); older releases do not understand them. */
  readonly multiDestination: boolean;
}

/** What a consumer of one release obeys, with the reason in words for the UI. */
export interface ObeyedCopies {
  /** As given. */
  readonly release: string;
  /** The range it falls in; `unknown` when the release is missing or not a 2.x or 3.x version. */
  readonly line: ReleaseLine;
  /** The copies it obeys, registry first; empty when unknown. */
  readonly copies: readonly RuleCopy[];
  /**
   * How it applies the registry copy, when it obeys it: the engine's semantics closest to
   * its router. 2.x and 3.0.0–3.0.4 run registry routes through ConditionRouter, the 2.7
   * code (3.0.x's keeps 2.7's matching; its provider URLs are 3.x's ServiceAddressURLs, which
   * only matters where a condition reads a parameter the consumer merges in), so `"2.7"`;
   * null when it ignores the registry copy, or its release is unknown.
   */
  readonly registrySemantics: DubboRelease | null;
  /** What it reads of the config center; null when it reads none of the console's config-center rules. */
  readonly configCenter: ConfigCenterReading | null;
  /** One or two sentences for an operator. */
  readonly words: string;
}

const BOTH = ["registry", "config-center"] as const satisfies readonly RuleCopy[];
const REGISTRY = ["registry"] as const satisfies readonly RuleCopy[];
const CONFIG_CENTER = ["config-center"] as const satisfies readonly RuleCopy[];

const reading = (providerApplication: boolean, multiDestination: boolean): ConfigCenterReading => ({ service: true, consumerApplication: true, providerApplication, multiDestination });

/** `2.7.23`, `3.3.0-beta.4`, `3.2.0-SNAPSHOT`, `2.7`: major, minor, patch, and a beta number when there is one. */
const RELEASE = /^(\d+)\.(\d+)(?:\.(\d+)(?:-(?:beta\.?(\d+)|[0-9A-Za-z.-]+))?)?$/i;

/**
 * What a consumer with Dubbo `release` obeys: the registry copy of a route, the
 * config-center copy, or both (then it applies the route twice, which filters the same
 * way as once). A pure function of the release text.
 */
export function obeyedCopies(release: string): ObeyedCopies {
  const m = RELEASE.exec(release.trim());
  if (!m) return unknown(release);
  const [major, minor, patch] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  const beta = m[4] === undefined ? null : Number(m[4]);
  const at = (line: ReleaseLine, copies: readonly RuleCopy[], configCenter: ConfigCenterReading | null, words: string): ObeyedCopies => ({
    release,
    line,
    copies,
    registrySemantics: copies.includes("registry") ? "2.7" : null,
    configCenter,
    words,
  });
  const v = `Dubbo ${release}`;
  if (major === 2 && minor <= 6) {
    return at("2.6", REGISTRY, null, `${v} obeys the registry copy only: it has no config center.`);
  }
  if (major === 2 && minor === 7 && patch <= 2) {
    return at("2.7.0", REGISTRY, null, `${v} obeys the registry copy; it reads config-center rules at /dubbo/config/{group*interface:version}/condition-router, an early layout this console does not write.`);
  }
  if (major === 2) {
    return at("2.7.3", BOTH, reading(false, false), `${v} obeys both copies: the registry's route URLs and the config center's service and consumer-application rules (v3.0 only).`);
  }
  if (major !== 3) return unknown(release);
  if (minor === 0 && patch <= 4) {
    return at("3.0.0", BOTH, reading(false, false), `${v} obeys both copies: the registry's route URLs and the config center's service and consumer-application rules (v3.0 only).`);
  }
  if (minor <= 1 || (minor === 2 && patch === 0 && beta !== null && beta < 6)) {
    return at("3.0.5", CONFIG_CENTER, reading(false, false), `${v} obeys the config-center copy only (service and consumer-application rules, v3.0 only); it ignores route URLs in the registry.`);
  }
  if (minor === 2 || (minor === 3 && patch === 0 && beta !== null && beta < 5)) {
    return at("3.2", CONFIG_CENTER, reading(true, false), `${v} obeys the config-center copy only (service, consumer-application and provider-application rules, v3.0 only); it ignores route URLs in the registry.`);
  }
  return at("3.3", CONFIG_CENTER, reading(true, true), `${v} obeys the config-center copy only (service, consumer-application and provider-application rules, v3.0 and v3.1); it ignores route URLs in the registry.`);
}

function unknown(release: string): ObeyedCopies {
  const said = release.trim() === "" ? "No Dubbo release is known" : `Dubbo release ${JSON.stringify(release)} is not one this console knows`;
  return {
    release,
    line: "unknown",
    copies: [],
    registrySemantics: null,
    configCenter: null,
    words: `${said}: 2.7.3 to 3.0.4 obey both copies, 3.0.5 and later only the config center, 2.6 only the registry.`,
  };
}

/**
 * The release to judge a consumer by, from its URL parameters: `release` (2.7+), else
 * `dubbo` when it names a release rather than the protocol version `2.0.x` that 2.6.3+
 * writes there; "" when neither says.
 */
export function consumerRelease(parameters: Readonly<Record<string, string>>): string {
  const release = parameters.release?.trim() ?? "";
  if (release !== "") return release;
  const dubbo = parameters.dubbo?.trim() ?? "";
  return /^2\.0\.\d+$/.test(dubbo) ? "" : dubbo;
}

/**
 * Which consumers, by release, read a config-center rule of `scope` and `format`, in
 * words: the sentence a page shows beside the rule.
 */
export function configRuleReaders(scope: "service" | "application", format: "v3.0" | "v3.1"): string {
  const who =
    scope === "service"
      ? "Consumers of this service key read it from Dubbo 2.7.3 on"
      : "Consumers of this application read it from Dubbo 2.7.3 on, and from 3.2 on so do consumers whose providers belong to it";
  const copies = "Dubbo 3.0.5 and later obey only this copy, 2.7.3 to 3.0.4 the registry copy too, 2.6 and 2.7.0 to 2.7.2 only the registry copy";
  if (format === "v3.0") return `${who}; ${copies}.`;
  return `${who}, but only Dubbo 3.3 and later understand this v3.1 (multi-destination) format: older consumers that read it take each condition for a v3.0 one, or fail to read the rule.`;
}
