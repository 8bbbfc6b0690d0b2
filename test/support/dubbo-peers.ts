import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Peer, startPeer } from "./child-process";
import { freePort } from "./free-port";
import { classpath, ensureJavaPeersBuilt, JVM_FLAGS, jvmStateFlags } from "./java-build";

export type DubboLine = "2.7" | "3.3";

/** The Java module a line's peers run from; "2.7.7" is the older 2.7 release (test/peers/dubbo-2.7.7), flagged as 2.7. */
type PeerRelease = DubboLine | "2.7.7";

/** Interfaces the demo providers export (test/peers/src). */
export const DEMO = {
  greeting: { interface: "io.dubboconsole.demo.api.GreetingService", group: "", version: "" },
  types: { interface: "io.dubboconsole.demo.api.TypesService", group: "demo", version: "1.0.0" },
  fault: { interface: "io.dubboconsole.demo.api.FaultService", group: "", version: "2.0.0" },
  /** Not exported by the rig's providers: a test that needs it starts a provider with `services: ["time"]`. */
  time: { interface: "io.dubboconsole.demo.api.TimeService", group: "", version: "" },
  /**
   * The IDL service (Dubbo 3.3 only, on tri only; test/peers/dubbo-3.3/src/main/proto/demo_orders.proto,
   * stubs by dubbo-compiler): a provider started with `services: [..., "orders"]` and a tri
   * extra protocol also serves gRPC reflection. Not exported by the rig's providers.
   */
  orders: { interface: "io.dubboconsole.demo.idl.OrderService", group: "", version: "" },
} as const;

/** JVM flags each Dubbo line needs on JDK 17. 2.7's javassist defines classes reflectively. */
export function dubboFlags(line: DubboLine): string[] {
  // Dubbo's graceful shutdown waits up to dubbo.service.shutdown.wait (10 s by default) for
  // calls in flight; an idle 3.3 provider still took about 5 s to exit after SIGTERM, 1 s
  // with this. The peers' calls are short, and whoever stops a peer allows a few seconds
  // before SIGKILL, so a 3.3 peer now ends on its own.
  const common = ["-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "-Djava.net.preferIPv4Stack=true", "-Ddubbo.service.shutdown.wait=1000"];
  // 3.x registers interface-level only, like 2.7, unless the provider's --register-mode says
  // otherwise (see ProviderMain), and consumers read interface-level only.
  if (line === "3.3") {
    return [...common, "-Ddubbo.application.register-mode=interface", "-Ddubbo.application.service-discovery.migration=FORCE_INTERFACE"];
  }
  return [
    ...common,
    ...["java.lang", "java.util", "java.math", "java.net", "java.lang.reflect", "java.util.concurrent"].flatMap((p) => [
      "--add-opens",
      `java.base/${p}=ALL-UNNAMED`,
    ]),
  ];
}

/**
 * Runs a main class of the peers on the given Dubbo line and waits for its READY line.
 * The JVM keeps its files (Dubbo's caches, temp files) in `stateDir`; without one, in a
 * temp folder of its own, removed when it exits: Dubbo otherwise leaves a few cache files
 * in ~/.dubbo per peer and registry port (thousands after a day of test runs).
 */
async function startDubboPeer(name: string, line: PeerRelease, mainClass: string, options: Record<string, string>, stateDir?: string, jvmFlags: readonly string[] = JVM_FLAGS): Promise<Peer> {
  await ensureJavaPeersBuilt();
  const args = Object.entries(options).flatMap(([k, v]) => [`--${k}`, v]);
  const ownDir = stateDir === undefined ? mkdtempSync(join(tmpdir(), "dubbo-peer-")) : undefined;
  const state = jvmStateFlags(stateDir ?? ownDir!);
  const peer = startPeer(name, "java", [...jvmFlags, ...state, ...dubboFlags(line === "3.3" ? "3.3" : "2.7"), "-cp", classpath(line === "2.7.7" ? "dubbo-2.7.7" : line === "2.7" ? "dubbo-2.7" : "dubbo-3.3"), mainClass, ...args]);
  if (ownDir !== undefined) void peer.exited.then(() => rmSync(ownDir, { recursive: true, force: true }));
  await peer.waitForLine(/^READY /, 90_000);
  return peer;
}

/**
 * Where a Dubbo 3 provider registers (`dubbo.application.register-mode`): the interface-level
 * tree `/dubbo/{iface}/providers`, the application-level `/services/{app}/{host:port}`, or both.
 */
export type RegisterMode = "interface" | "instance" | "all";

/**
 * Where a Dubbo 3 provider keeps its MetadataInfo (`dubbo.application.metadata-type`):
 * `remote` also publishes it at `/dubbo/metadata/{app}/{revision}`; `local` (Dubbo's default)
 * serves it only through the provider's own MetadataService.
 */
export type MetadataType = "local" | "remote";

export interface ProviderHandle {
  readonly peer: Peer;
  readonly line: DubboLine;
  /** Dubbo 3 only; 2.7 registers interface-level only. */
  readonly registerMode: RegisterMode;
  readonly host: string;
  readonly port: number;
  /** `host:port`. */
  readonly address: string;
  readonly app: string;
  /** The protocols it exports besides dubbo on `port` (`extraProtocols`), each at `host`. */
  readonly extraProtocols: readonly { readonly name: string; readonly port: number }[];
  /** GreetingService.whoAmI calls it served so far (counted only when started with `logCalls`). */
  served(): number;
  stop(): Promise<void>;
}

/** `registry` for a provider that registers nowhere: consumers connect to it directly (Dubbo's RegistryConfig.NO_AVAILABLE). */
export const NO_REGISTRY = "N/A";

/**
 * Starts a demo provider on `host` (a loopback address) and waits until it has registered
 * (with `registry` {@link NO_REGISTRY}: until it has exported its services).
 * `stateDir`: where the JVM keeps Dubbo's cache files and temp files (default: a temp folder of the peer's, removed when it exits).
 * A 3.3 provider registers interface-level only unless `registerMode` says otherwise.
 * `jvmFlags` replaces the rig's quick-start {@link JVM_FLAGS} (a benchmark wants the full JIT);
 * `threads` sizes the protocol's fixed pool (default 50; a call beyond that many in flight is refused).
 */
export async function startProvider(options: {
  line: DubboLine;
  registry: string;
  jvmFlags?: readonly string[];
  threads?: number;
  host?: string;
  port?: number;
  app?: string;
  services?: readonly (keyof typeof DEMO)[];
  stateDir?: string;
  registerMode?: RegisterMode;
  metadataType?: MetadataType;
  /** 3.3 only: more protocols every service is exported on besides dubbo on `port`, e.g. `[{ name: "tri", port }]`. */
  extraProtocols?: readonly { readonly name: string; readonly port: number }[];
  /** GreetingService's version (default none): a service no other peer provides. */
  greetingVersion?: string;
  /** With "orders" among `services`: false leaves Dubbo's built-in gRPC reflection off (the console must be given the .proto). */
  reflection?: boolean;
  /** OrderService's version (none when absent). */
  ordersVersion?: string;
  /** FaultService's version (default 2.0.0): another is a service no other peer provides. */
  faultVersion?: string;
  /**
   * Every service's `warmup` in ms (default none: Dubbo's 10 minutes). A consumer scales a provider's
   * weight by uptime / warmup until the warm-up is over (AbstractLoadBalance.getWeight).
   */
  warmupMs?: number;
  /** Every service's `weight`, written into its registered URL (default none: Dubbo's 100, not in the URL). */
  weight?: number;
  /** More parameters of every service, written into its registered URL: `{ "dubbo.tag": "gray" }` is a static tag. */
  parameters?: Readonly<Record<string, string>>;
  /** GreetingService.whoAmI prints a line per call it serves: read with ProviderHandle.served(). */
  logCalls?: boolean;
  /** QoS on this port, loopback callers only (default: QoS off). */
  qosPort?: number;
  /**
   * 3.3 only, needs `qosPort`: Dubbo's metrics on, exported by its Prometheus reporter and read as
   * Prometheus text at `http://host:qosPort/metrics` (QoS command `metrics`).
   */
  metrics?: boolean;
}): Promise<ProviderHandle> {
  if (options.metrics && (options.line !== "3.3" || options.qosPort === undefined)) throw new Error("metrics need a 3.3 provider with a qosPort");
  if (options.line === "2.7" && options.registerMode && options.registerMode !== "interface") {
    throw new Error(`Dubbo 2.7 registers interface-level only; register-mode ${options.registerMode} needs 3.3`);
  }
  const host = options.host ?? "127.0.0.1";
  // The server listens on all addresses (see PeerHostRegistryFactory), so the port must be free on all.
  const port = options.port ?? (await freePort("0.0.0.0"));
  const app = options.app ?? `demo-provider-${options.line.replace(".", "")}`;
  const peer = await startDubboPeer(`provider-${options.line}@${host}:${port}`, options.line, "io.dubboconsole.demo.provider.ProviderMain", {
    registry: options.registry,
    host,
    port: String(port),
    app,
    services: (options.services ?? ["greeting", "types", "fault"]).join(","),
    ...(options.registerMode ? { "register-mode": options.registerMode } : {}),
    ...(options.metadataType ? { "metadata-type": options.metadataType } : {}),
    ...(options.extraProtocols?.length ? { "extra-protocols": options.extraProtocols.map((p) => `${p.name}:${p.port}`).join(",") } : {}),
    ...(options.threads === undefined ? {} : { threads: String(options.threads) }),
    ...(options.greetingVersion ? { "greeting-version": options.greetingVersion } : {}),
    ...(options.reflection === false ? { reflection: "false" } : {}),
    ...(options.ordersVersion ? { "orders-version": options.ordersVersion } : {}),
    ...(options.faultVersion ? { "fault-version": options.faultVersion } : {}),
    ...(options.warmupMs === undefined ? {} : { warmup: String(options.warmupMs) }),
    ...(options.weight === undefined ? {} : { weight: String(options.weight) }),
    ...(options.parameters ? { parameters: providerParameters(options.parameters) } : {}),
    ...(options.logCalls ? { "log-calls": "true" } : {}),
    ...(options.qosPort === undefined ? {} : { "qos-port": String(options.qosPort) }),
    ...(options.metrics ? { metrics: "prometheus" } : {}),
  }, options.stateDir, options.jvmFlags);
  const registerMode = options.registerMode ?? "interface";
  return { peer, line: options.line, registerMode, host, port, address: `${host}:${port}`, app, extraProtocols: options.extraProtocols ?? [], served: () => peer.lines.filter((l) => l === "SERVED whoAmI").length, stop: () => peer.stop() };
}

/** `key=value,...` for ProviderMain's --parameters; refuses what that list cannot carry. */
function providerParameters(parameters: Readonly<Record<string, string>>): string {
  return Object.entries(parameters)
    .map(([k, v]) => {
      if (/[,=]/.test(k) || k.trim() === "" || v.includes(",")) throw new Error(`provider parameter ${JSON.stringify(k)}=${JSON.stringify(v)}: no "," in either, no "=" in the key`);
      return `${k}=${v}`;
    })
    .join(",");
}

/** Dubbo 3 records a router snapshot only while RouterSnapshotFilter and SingleRouterChain log at INFO. */
const ROUTER_SNAPSHOT_LOGGING = ["org.apache.dubbo.rpc.cluster.router.RouterSnapshotFilter", "org.apache.dubbo.rpc.cluster.SingleRouterChain"].map((name) => `-Dorg.slf4j.simpleLogger.log.${name}=info`);

/** One call a demo consumer made, as its CALL or SLOW line says: who served it (CALL only) or why it failed, and how long it took. */
export interface ConsumerCall {
  readonly seq: number;
  /** The request tag the call sent (the `dubbo.tag` attachment); null: none (CALL only). */
  readonly tag?: string | null;
  readonly ok: boolean;
  readonly provider?: string;
  readonly error?: string;
  /** From just before the call to its answer or failure, in the consumer's JVM. */
  readonly ms: number;
}

export interface ConsumerHandle {
  readonly peer: Peer;
  readonly app: string;
  /** The provider address of every successful call so far, in order. */
  servedBy(): string[];
  /** Every GreetingService.whoAmI() call so far, in order. */
  calls(): ConsumerCall[];
  /** Every FaultService.slow call so far, in order (none unless started with `slow`). */
  slowCalls(): ConsumerCall[];
  stop(): Promise<void>;
}

const readCalls = (peer: Peer, prefix: "CALL " | "SLOW "): ConsumerCall[] =>
  peer.lines.filter((l) => l.startsWith(prefix)).map((l) => JSON.parse(l.slice(prefix.length)) as ConsumerCall);

/**
 * Starts a demo consumer that calls GreetingService.whoAmI() every `intervalMs`. It keeps
 * the address Dubbo gives it (the machine's own): Dubbo routes with that in-memory URL,
 * so registering another would make the registry lie about what the consumer matches.
 * `stateDir` as for startProvider.
 */
export async function startConsumer(options: {
  line: DubboLine;
  registry: string;
  app?: string;
  intervalMs?: number;
  stateDir?: string;
  /** The reference's group and version (default none): `*`, or a comma list of groups, as Dubbo allows. */
  group?: string;
  version?: string;
  /**
   * Also call FaultService.slow(`millis`) on a thread of its own, one call at a time, every
   * `intervalMs` (default 500), through a reference of `version` (default 2.0.0) and `timeoutMs`
   * (default 3000) with no retries; read with slowCalls().
   */
  slow?: { millis: number; version?: string; timeoutMs?: number; intervalMs?: number };
  /**
   * The request tag of each call, cycled: `["gray", null]` sends `dubbo.tag=gray` with every
   * other call and no tag with the rest (default: no tag ever). Read back as ConsumerCall.tag.
   */
  callTags?: readonly (string | null)[];
  /** `dubbo.force.tag` on the consumer URL (the reference's parameters; default: absent). */
  forceTag?: boolean;
  /**
   * QoS on this port (at `host` when given), callers on this machine only (default: QoS off).
   * Its SingleRouterChain logs at INFO, which Dubbo 3 needs to record router snapshots.
   */
  qosPort?: number;
  /** The loopback address the consumer registers at (default: the machine's own); Dubbo still routes with the machine's. */
  host?: string;
}): Promise<ConsumerHandle> {
  const app = options.app ?? `demo-consumer-${options.line.replace(".", "")}`;
  const peer = await startDubboPeer(`consumer-${options.line}`, options.line, "io.dubboconsole.demo.consumer.ConsumerMain", {
    registry: options.registry,
    app,
    interval: String(options.intervalMs ?? 500),
    ...(options.group ? { group: options.group } : {}),
    ...(options.version ? { version: options.version } : {}),
    ...(options.callTags?.length ? { "call-tags": consumerCallTags(options.callTags) } : {}),
    ...(options.forceTag === undefined ? {} : { "force-tag": String(options.forceTag) }),
    ...(options.slow
      ? {
          "slow-millis": String(options.slow.millis),
          ...(options.slow.version ? { "slow-version": options.slow.version } : {}),
          ...(options.slow.timeoutMs === undefined ? {} : { "slow-timeout": String(options.slow.timeoutMs) }),
          ...(options.slow.intervalMs === undefined ? {} : { "slow-interval": String(options.slow.intervalMs) }),
        }
      : {}),
    ...(options.qosPort === undefined ? {} : { "qos-port": String(options.qosPort) }),
    ...(options.host ? { host: options.host } : {}),
  }, options.stateDir, options.qosPort === undefined ? undefined : [...JVM_FLAGS, ...ROUTER_SNAPSHOT_LOGGING]);
  return {
    peer,
    app,
    servedBy: () =>
      readCalls(peer, "CALL ")
        .filter((c) => c.ok && c.provider)
        .map((c) => c.provider!),
    calls: () => readCalls(peer, "CALL "),
    slowCalls: () => readCalls(peer, "SLOW "),
    stop: () => peer.stop(),
  };
}

/** ConsumerMain's --call-tags: a comma list, an empty entry for no tag. */
function consumerCallTags(tags: readonly (string | null)[]): string {
  for (const t of tags) if (t !== null && (t === "" || t.includes(","))) throw new Error(`call tag ${JSON.stringify(t)}: use null for no tag; no "," in a tag`);
  return tags.map((t) => t ?? "").join(",");
}

/** The interface only the Dubbo 2.7.7 provider exports (test/peers/dubbo-2.7.7). */
export const LEGACY_SERVICE = "io.dubboconsole.legacy.LegacyService";

/**
 * Starts a Dubbo 2.7.7 provider as many 2.7 deployments run one: a registry and nothing else
 * (no metadata report, no config center), exporting only {@link LEGACY_SERVICE} under
 * `group` (give each test its own, so no other test sees it): `version()`, `repeat(String,
 * int)`, and `describe` overloaded for String and int. Started by the test that needs it,
 * never by the rig: other tests count the rig's providers.
 */
export async function startLegacyProvider(options: { registry: string; host: string; group: string; app?: string }): Promise<ProviderHandle> {
  const port = await freePort("0.0.0.0");
  const app = options.app ?? "legacy-provider-277";
  const peer = await startDubboPeer(`provider-2.7.7@${options.host}:${port}`, "2.7.7", "io.dubboconsole.legacy.LegacyProviderMain", {
    registry: options.registry,
    host: options.host,
    port: String(port),
    app,
    group: options.group,
  });
  return { peer, line: "2.7", registerMode: "interface", host: options.host, port, address: `${options.host}:${port}`, app, extraProtocols: [], served: () => 0, stop: () => peer.stop() };
}
