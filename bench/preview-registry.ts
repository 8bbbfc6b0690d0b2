/**
 * A real registry for the server-side route preview benchmark: a ZooKeeper server holding
 * one service with 10,000 providers (bench/registry-urls.ts shapes), its registered
 * consumers (Dubbo 2.7.23 and 3.3.6 ones, as a mixed fleet has) and saved routes, and a
 * console Engine that has read it all, so `previewRoute(body, engine)` runs the very path
 * POST /api/v1/routes/preview runs.
 */
import { parseConfig } from "@/server/runtime/config";
import { Engine } from "@/server/runtime/engine";
import { silentLogger } from "@/server/runtime/logger";
import { startZooKeeper, type ZooKeeperHandle } from "../test/support/zookeeper";
import { waitFor } from "../test/support/wait-for";
import { connectClient, populateRegistry } from "./populate";
import { consumerUrl, serviceInterface, urlPath } from "./registry-urls";

/** What the registry holds of the benchmark's service. */
export interface PreviewRegistryShape {
  /** The service number (bench/registry-urls.ts). */
  readonly service: number;
  readonly providers: number;
  /** Consumers numbered from 0; every `release33Every`-th one is a Dubbo 3.3.6 consumer. */
  readonly consumers: number;
  readonly release33Every: number;
  /** Saved routes, each `{ name, rule, priority }`. */
  readonly routes: readonly { readonly name: string; readonly rule: string; readonly priority: number }[];
}

/** A running registry and the engine that has read it; `stop` closes both. */
export interface PreviewRegistry {
  readonly engine: Engine;
  /** The registry's address for DUBBO_REGISTRY (a console of its own on the same registry). */
  readonly dubboAddress: string;
  /** The consumer URLs written, in consumer order. */
  readonly consumers: readonly string[];
  stop(): Promise<void>;
}

/** Consumer `c` of `shape`: Dubbo 2.7.23's shape, or 3.3.6's release for every `release33Every`-th. */
export function benchConsumer(shape: PreviewRegistryShape, c: number): string {
  const url = consumerUrl(shape.service, c);
  return c % shape.release33Every === shape.release33Every - 1 ? url.replace("&release=2.7.23&", "&release=3.3.6&") : url;
}

/** Starts ZooKeeper, writes `shape`, starts an Engine on it and waits until it lists every provider, consumer and route. */
export async function startPreviewRegistry(shape: PreviewRegistryShape): Promise<PreviewRegistry> {
  const zk = await startZooKeeper();
  let engine: Engine | null = null;
  try {
    await populateRegistry(zk.connectString, { services: 1, firstService: shape.service, providersPerService: shape.providers, consumersPerService: 0 });
    const consumers = Array.from({ length: shape.consumers }, (_, c) => benchConsumer(shape, c));
    await writeConsumers(zk, shape.service, consumers);
    engine = new Engine(parseConfig({ DUBBO_REGISTRY: zk.dubboAddress }), silentLogger);
    engine.start();
    const started = engine;
    const key = serviceInterface(shape.service);
    await waitFor("the engine to read the registry", () => started.registries[0]!.usable, 120_000);
    for (const r of shape.routes) {
      await started.routes.create({ service: key, group: "", version: "", name: r.name, rule: r.rule, priority: r.priority, force: false, runtime: false, enabled: true, targets: ["registry"] });
    }
    await waitFor(
      "the engine to list every provider, consumer and route",
      async () => {
        const s = await started.catalog.service(key).catch(() => null);
        return s !== null && s.providers.length === shape.providers && s.consumers.length === shape.consumers && started.routes.list({ service: key }).routes.length === shape.routes.length;
      },
      120_000,
    );
    return {
      engine: started,
      dubboAddress: zk.dubboAddress,
      consumers,
      stop: async () => {
        started.close();
        await zk.stop();
      },
    };
  } catch (e) {
    engine?.close();
    await zk.stop();
    throw e;
  }
}

async function writeConsumers(zk: ZooKeeperHandle, service: number, consumers: readonly string[]): Promise<void> {
  const client = await connectClient(zk.connectString);
  try {
    const tx = client.transaction();
    for (const url of consumers) tx.create(urlPath(service, "consumers", url));
    await new Promise<void>((resolve, reject) => tx.commit((e) => (e ? reject(e) : resolve())));
  } finally {
    client.close();
  }
}
