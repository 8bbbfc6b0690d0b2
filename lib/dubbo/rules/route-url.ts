import { type DubboUrl, javaUrlDecode, javaUrlEncode, parseDubboUrl, urlParam } from "../url";
import { javaTrim } from "../../routing/parse/java-text";
import { javaFullString } from "../url-string";

/**
 * Condition routes as URLs in the registry's `routers` category (Dubbo 2.x's format,
 * obeyed by 2.7 consumers and by 3.0.0-3.0.5; 3.1+ never load them). A route is the
 * persistent node `/{root}/{URL.encode(interface)}/routers/{URL.encode(toFullString())}`
 * (ZookeeperRegistry#toUrlPath, dubbo-2.7.23), so the node's name is the route's whole
 * content, and the `rule` inside it is encoded twice.
 *
 * Pure: builds the console's URL, and reads any routers-category node, whoever wrote it.
 */

/** The fields of a condition route the console models; every one is in the route URL. */
export interface RouteSpec {
  /** The interface the route is stored under and applies to. */
  readonly service: string;
  /** '' for none. A consumer of a grouped service ignores a route without its group (UrlUtils.isMatch). */
  readonly group: string;
  /** '' for none; as for the group. */
  readonly version: string;
  readonly name: string;
  /** The rule as Dubbo's ConditionRouter reads it (`url.getParameterAndDecoded("rule")`). */
  readonly rule: string;
  /** Lower runs first (2.7's RouterChain sorts routers by it); a Java int. */
  readonly priority: number;
  /** Whether an empty result stands (true) or the unrouted providers are used (false). */
  readonly force: boolean;
  readonly runtime: boolean;
  readonly enabled: boolean;
  /**
   * Whether the route also asks for a config-center copy (its rule as a condition of the
   * service's `.condition-router` rule, for Dubbo 3.0.5+ consumers). Kept in the URL as
   * {@link TARGETS_PARAMETER}`=registry,config-center`, which no Dubbo release reads (see
   * there), so the intent outlives a disable, which takes the copy out; left out (false),
   * the URL is exactly Dubbo's format.
   */
  readonly configCenter?: boolean;
}

/**
 * The route URL parameter that remembers a route's config-center copy. Dubbo ignores it:
 * ConditionRouter(URL) (2.7.23, and 3.0.0-3.0.4) reads only `priority`, `force`, `enabled`,
 * `rule` and `runtime` of the route URL; RegistryDirectory#toRouters reads `router`, and
 * UrlUtils.isMatch `interface`, `category`, `enabled`, `group`, `version` and `classifier`.
 */
export const TARGETS_PARAMETER = "targets";
/** Its value when the route has a config-center copy: the API's `targets`. */
const BOTH_TARGETS = "registry,config-center";

/** What a route URL says when it leaves a field out (ConditionRouter(URL), dubbo-2.7.23; no `targets`: no config-center copy). */
export const ROUTE_DEFAULTS = { priority: 0, force: false, runtime: false, enabled: true, configCenter: false } as const;

/** Who wrote a routers-category node, as far as its shape tells. */
export type RouteWriter =
  /**
   * Exactly the URL the console writes. The Dubbo Admin of the 2.5/2.6 era wrote the very
   * same shape (Route#toUrl), so its routes read as the console's too: they are identical.
   */
  | "console"
  /** A copy for Dubbo 2.6 consumers written by Dubbo Admin 0.3+ beside its YAML rule (`compatible_config`). */
  | "dubbo-admin"
  /** Anything else: `condition://` by hand, other parameters, another tool. */
  | "other";

/** A routers-category node as the console reads it. */
export interface RouteReading {
  readonly spec: RouteSpec;
  /** The decoded URL, parsed as a 2.7 consumer parses it. */
  readonly url: DubboUrl;
  readonly writer: RouteWriter;
  /**
   * Whether a Dubbo 2.7 consumer of the service loads the node as a condition router (once
   * enabled): false for what RegistryDirectory skips or cannot turn into one. It says
   * nothing of the rule's syntax, which is the rule engine's to judge.
   */
  readonly loaded: boolean;
  /** Why it is not loaded, in words; null when it is. */
  readonly reason: string | null;
}

const ROUTE_PROTOCOL = "route";
const ANY_HOST = "0.0.0.0";
/** The registry category of route URLs (RegistryConstants.ROUTERS_CATEGORY). */
export const ROUTERS_CATEGORY = "routers";
/** RegistryConstants.COMPATIBLE_CONFIG_KEY: RegistryDirectory#isNotCompatibleFor26x drops URLs that carry it. */
const COMPATIBLE_CONFIG = "compatible_config";
/** The RouterFactory extensions of dubbo-2.7.23 (META-INF/dubbo/internal/…RouterFactory) other than `condition`. */
const OTHER_ROUTERS_27: ReadonlySet<string> = new Set(["file", "service", "app", "tag", "mock", "address"]);
/** Java's int range (`Integer.parseInt`). */
const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;

/**
 * The parameters the console sets from a {@link RouteSpec}; name, group and version only
 * when not empty (an edit of a route written without a name must not add `name=`).
 */
function specParameters(spec: RouteSpec): Record<string, string> {
  return {
    category: ROUTERS_CATEGORY,
    dynamic: "false",
    enabled: String(spec.enabled),
    force: String(spec.force),
    ...(spec.name ? { name: spec.name } : {}),
    priority: String(spec.priority),
    router: "condition",
    rule: javaUrlEncode(spec.rule),
    runtime: String(spec.runtime),
    ...(spec.group ? { group: spec.group } : {}),
    ...(spec.version ? { version: spec.version } : {}),
    ...(spec.configCenter ? { [TARGETS_PARAMETER]: BOTH_TARGETS } : {}),
  };
}

/**
 * The console's route URL, decoded (as `toFullString()`):
 * `route://0.0.0.0/{interface}?category=routers&dynamic=false&enabled=..&force=..[&group=..]&name=..&priority=..&router=condition&rule={URL.encode(rule)}&runtime=..[&targets=registry,config-center][&version=..]`.
 * `router=condition` because Dubbo has no `route` router; `dynamic=false` makes Dubbo
 * (and anyone re-registering it) keep the node persistent.
 */
export function routeUrlString(spec: RouteSpec): string {
  return javaFullString({ protocol: ROUTE_PROTOCOL, username: "", password: "", host: ANY_HOST, port: 0, path: spec.service, parameters: specParameters(spec) });
}

/** The ZooKeeper child name of the console's route: `URL.encode(route URL)`. */
export function routeNodeName(spec: RouteSpec): string {
  return javaUrlEncode(routeUrlString(spec));
}

/**
 * The node name of `original` (a route read from the registry) with the console's fields
 * set from `spec`: its protocol, host, path and every parameter the console does not model
 * (`compatible_config`, `interface`, anything else) stay as they were, so an edit changes
 * only what was edited. For a route in the console's own shape this is {@link routeNodeName}.
 */
export function rewrittenNodeName(original: DubboUrl, spec: RouteSpec): string {
  const parameters: Record<string, string> = { ...original.parameters };
  delete parameters.group;
  delete parameters.version;
  delete parameters[TARGETS_PARAMETER];
  // Not spread from specParameters: these keep a foreign URL's own category, router and dynamic.
  const own = specParameters(spec);
  for (const key of ["enabled", "force", "name", "priority", "rule", "runtime", "group", "version", TARGETS_PARAMETER]) {
    if (own[key] !== undefined) parameters[key] = own[key];
  }
  return javaUrlEncode(javaFullString({ ...original, parameters }));
}

/** `/{root}/{URL.encode(interface)}` (ZookeeperRegistry#toServicePath; a root of `/` has no extra slash). */
export function servicePath(root: string, service: string): string {
  return `${root === "/" ? "" : root}/${javaUrlEncode(service)}`;
}

/** `/{root}/{URL.encode(interface)}/routers`. */
export function routersPath(root: string, service: string): string {
  return `${servicePath(root, service)}/${ROUTERS_CATEGORY}`;
}

/** `Boolean.parseBoolean` behind `url.getParameter(key, fallback)`: only "true" in any case is true. */
function booleanParam(url: DubboUrl, key: string, fallback: boolean): boolean {
  const v = urlParam(url, key);
  return v === "" ? fallback : v.toLowerCase() === "true";
}

/** `url.getParameter(key, int)`: `Integer.parseInt`, or null where Java would throw. */
function intParam(url: DubboUrl, key: string, fallback: number): number | null {
  const v = urlParam(url, key);
  if (v === "") return fallback;
  if (!/^[+-]?\d+$/.test(v)) return null;
  const n = Number(v);
  return n >= INT_MIN && n <= INT_MAX ? n : null;
}

/**
 * Reads a child of a `routers` directory (its name as ZooKeeper lists it) stored under
 * `dirService`, the interface of the directory. Any shape is read: the console's,
 * Dubbo Admin's copies, `condition://`, `route://` with or without `router=condition`.
 * @throws UrlSyntaxError when the name is not a Dubbo URL at all (Dubbo skips such a node).
 */
export function parseRouteNode(node: string, dirService: string): RouteReading {
  const url = parseDubboUrl(javaUrlDecode(node), "2.7");
  const priority = intParam(url, "priority", ROUTE_DEFAULTS.priority);
  const rawRule = urlParam(url, "rule");
  let rule: string | null;
  try {
    rule = javaUrlDecode(rawRule);
  } catch {
    rule = null;
  }
  const spec: RouteSpec = {
    service: dirService,
    group: urlParam(url, "group"),
    version: urlParam(url, "version"),
    name: urlParam(url, "name"),
    rule: rule ?? rawRule,
    priority: priority ?? ROUTE_DEFAULTS.priority,
    force: booleanParam(url, "force", ROUTE_DEFAULTS.force),
    runtime: booleanParam(url, "runtime", ROUTE_DEFAULTS.runtime),
    enabled: booleanParam(url, "enabled", ROUTE_DEFAULTS.enabled),
    configCenter: urlParam(url, TARGETS_PARAMETER).split(",").includes("config-center"),
  };
  const reason = notLoadedBecause(url, dirService, rule, priority);
  return { spec, url, writer: writerOf(url, spec, node), loaded: reason === null, reason };
}

function writerOf(url: DubboUrl, spec: RouteSpec, node: string): RouteWriter {
  if (urlParam(url, COMPATIBLE_CONFIG) !== "") return "dubbo-admin";
  return routeNodeName(spec) === node ? "console" : "other";
}

/**
 * Why a 2.7 consumer would not turn the URL into a condition router, following
 * RegistryDirectory#notify (dubbo-2.7.23): isNotCompatibleFor26x, judgeCategory,
 * UrlUtils.isMatch (interface), toRouters (`router` replaces the protocol, then the
 * RouterFactory extension of that name), ConditionRouter(URL) (priority, rule).
 */
function notLoadedBecause(url: DubboUrl, dirService: string, rule: string | null, priority: number | null): string | null {
  const compatible = urlParam(url, COMPATIBLE_CONFIG);
  if (compatible !== "") return `${COMPATIBLE_CONFIG}=${compatible} marks a copy for Dubbo 2.6 consumers (Dubbo Admin writes these); Dubbo 2.7 and later skip it`;
  const category = urlParam(url, "category", "providers");
  if (url.protocol === "override" || category === "configurators") return "Dubbo reads it as a configurator (override rule), not as a route";
  if (url.protocol !== ROUTE_PROTOCOL && category !== ROUTERS_CATEGORY) return `neither route:// nor category=routers: Dubbo would take it for a provider (category ${category})`;
  const iface = urlParam(url, "interface", url.path);
  if (iface !== dirService && iface !== "*") return `it names interface "${iface}" but is stored under ${dirService}, whose consumers skip it`;
  const type = urlParam(url, "router") || url.protocol;
  if (type === ROUTE_PROTOCOL) return "route:// without router=condition: Dubbo has no router named route, so consumers log an error and skip it";
  if (OTHER_ROUTERS_27.has(type)) return `a ${type} router, not a condition route`;
  if (type !== "condition") return `Dubbo 2.7 has no router named "${type}"`;
  if (priority === null) return `priority "${urlParam(url, "priority")}" is not a whole number in Java's int range, so Dubbo fails to build the router`;
  if (rule === null) return "the rule is not valid percent-encoding, so Dubbo fails to decode it";
  if (javaTrim(rule) === "") return "no rule: Dubbo refuses a blank rule (Illegal route rule!)";
  return null;
}
