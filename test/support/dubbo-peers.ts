import { type Peer, startPeer } from "./child-process";
import { freePort } from "./free-port";
import { classpath, ensureJavaPeersBuilt, JVM_FLAGS } from "./java-build";

export type DubboLine = "2.7" | "3.3";

/** Interfaces the demo providers export (test/peers/src). */
export const DEMO = {
  greeting: { interface: "io.dubboconsole.demo.api.GreetingService", group: "", version: "" },
  types: { interface: "io.dubboconsole.demo.api.TypesService", group: "demo", version: "1.0.0" },
  fault: { interface: "io.dubboconsole.demo.api.FaultService", group: "", version: "2.0.0" },
} as const;

/** JVM flags each Dubbo line needs on JDK 17. 2.7's javassist defines classes reflectively. */
function dubboFlags(line: DubboLine): string[] {
  const common = ["-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "-Djava.net.preferIPv4Stack=true"];
  // 3.x registers interface-level only, like 2.7, and consumers read interface-level only:
  // application-level instances would carry the machine's address, not the peer's loopback host.
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

export interface ProviderHandle {
  readonly peer: Peer;
  readonly line: DubboLine;
  readonly host: string;
  readonly port: number;
  /** `host:port`. */
  readonly address: string;
  readonly app: string;
  stop(): Promise<void>;
}

/** Starts a demo provider on `host` (a loopback address) and waits until it has registered. */
export async function startProvider(options: {
  line: DubboLine;
  registry: string;
  host?: string;
  port?: number;
  app?: string;
  services?: readonly (keyof typeof DEMO)[];
}): Promise<ProviderHandle> {
  ensureJavaPeersBuilt();
  const host = options.host ?? "127.0.0.1";
  const port = options.port ?? (await freePort(host));
  const app = options.app ?? `demo-provider-${options.line.replace(".", "")}`;
  const peer = startPeer(`provider-${options.line}@${host}:${port}`, "java", [
    ...JVM_FLAGS,
    ...dubboFlags(options.line),
    "-cp",
    classpath(options.line === "2.7" ? "dubbo-2.7" : "dubbo-3.3"),
    "io.dubboconsole.demo.provider.ProviderMain",
    "--registry",
    options.registry,
    "--host",
    host,
    "--port",
    String(port),
    "--app",
    app,
    "--services",
    (options.services ?? ["greeting", "types", "fault"]).join(","),
  ]);
  await peer.waitForLine(/^READY /, 90_000);
  return { peer, line: options.line, host, port, address: `${host}:${port}`, app, stop: () => peer.stop() };
}

export interface ConsumerHandle {
  readonly peer: Peer;
  readonly app: string;
  /** The provider address of every successful call so far, in order. */
  servedBy(): string[];
  stop(): Promise<void>;
}

/** Starts a demo consumer that calls GreetingService.whoAmI() every `intervalMs`. */
export async function startConsumer(options: {
  line: DubboLine;
  registry: string;
  host?: string;
  app?: string;
  intervalMs?: number;
}): Promise<ConsumerHandle> {
  ensureJavaPeersBuilt();
  const app = options.app ?? `demo-consumer-${options.line.replace(".", "")}`;
  const peer = startPeer(`consumer-${options.line}`, "java", [
    ...JVM_FLAGS,
    ...dubboFlags(options.line),
    "-cp",
    classpath(options.line === "2.7" ? "dubbo-2.7" : "dubbo-3.3"),
    "io.dubboconsole.demo.consumer.ConsumerMain",
    "--registry",
    options.registry,
    "--app",
    app,
    "--host",
    options.host ?? "127.0.0.1",
    "--interval",
    String(options.intervalMs ?? 500),
  ]);
  await peer.waitForLine(/^READY /, 90_000);
  return {
    peer,
    app,
    servedBy: () =>
      peer.lines
        .filter((l) => l.startsWith("CALL "))
        .map((l) => JSON.parse(l.slice(5)) as { ok: boolean; provider?: string })
        .filter((c) => c.ok && c.provider)
        .map((c) => c.provider!),
    stop: () => peer.stop(),
  };
}
