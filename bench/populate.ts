import zookeeper from "node-zookeeper-client";
import { consumerUrl, providerUrl, serviceInterface, urlPath } from "./registry-urls";

/** What a synthetic registry holds: `services` interfaces, each with providers and consumers. */
export interface RegistryShape {
  services: number;
  /** The number of the first service (bench/registry-urls.ts); default 0. */
  firstService?: number;
  providersPerService: number;
  consumersPerService: number;
}

/** Creates per multi op: ~300 KB of paths, well under ZooKeeper's 1 MB jute.maxbuffer. */
const BATCH = 500;
/** Multi ops in flight at once: ZooKeeper applies them in order, and overlapping them hides the round trips and log syncs. */
const IN_FLIGHT = 8;

/** Connects a plain client; resolves once connected. */
export async function connectClient(connectString: string): Promise<zookeeper.Client> {
  const client = zookeeper.createClient(connectString, { sessionTimeout: 30_000 });
  await new Promise<void>((resolve) => {
    client.once("connected", () => resolve());
    client.connect();
  });
  return client;
}

/** Every path of `shape`, parents before children. */
function* registryPaths(shape: RegistryShape): Generator<string> {
  yield "/dubbo";
  const first = shape.firstService ?? 0;
  for (let s = first; s < first + shape.services; s++) {
    const base = `/dubbo/${serviceInterface(s)}`;
    yield* [base, `${base}/providers`, `${base}/consumers`, `${base}/routers`, `${base}/configurators`];
    for (let p = 0; p < shape.providersPerService; p++) yield urlPath(s, "providers", providerUrl(s, p));
    for (let c = 0; c < shape.consumersPerService; c++) yield urlPath(s, "consumers", consumerUrl(s, c));
  }
}

/**
 * Writes Dubbo's interface-level layout for `shape` under `/dubbo` (URLs from
 * registry-urls.ts), in multi ops of {@link BATCH} creates, {@link IN_FLIGHT} at a time.
 * Returns the number of URLs written.
 */
export async function populateRegistry(connectString: string, shape: RegistryShape): Promise<number> {
  const client = await connectClient(connectString);
  const paths = registryPaths(shape);
  let failure: unknown = null;
  const worker = async (): Promise<void> => {
    while (failure === null) {
      // The workers share one generator: each takes the next batch in order and sends it
      // at once, so a batch's parents were sent (and, ZooKeeper keeping order, applied) first.
      const tx = client.transaction();
      let n = 0;
      for (let next = paths.next(); !next.done; next = paths.next()) {
        tx.create(next.value);
        if (++n === BATCH) break;
      }
      if (n === 0) return;
      await new Promise<void>((resolve) =>
        tx.commit((e) => {
          if (e) failure ??= e;
          resolve();
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  client.close();
  if (failure !== null) throw failure instanceof Error ? failure : new Error(String(failure));
  return shape.services * (shape.providersPerService + shape.consumersPerService);
}
