import type { TestProject } from "vitest/node";
import { killAllPeers } from "./child-process";
import { type ConsumerHandle, type ProviderHandle, type RegisterMode, startConsumer, startProvider } from "./dubbo-peers";
import { startZooKeeper } from "./zookeeper";

/** What the rig gives every test file, through vitest's inject(). */
export interface Rig {
  /** `zookeeper://127.0.0.1:port`. */
  zkAddress: string;
  zkConnectString: string;
  /** Every provider; `registerMode` says where it registered (2.7: always "interface"). */
  providers: { line: "2.7" | "3.3"; address: string; app: string; registerMode: RegisterMode }[];
  consumers: { line: "2.7" | "3.3"; app: string }[];
}

declare module "vitest" {
  export interface ProvidedContext {
    rig: Rig;
  }
}

/**
 * Starts, once per test run: a ZooKeeper server on a free loopback port, a Dubbo 2.7.23
 * provider on 127.0.0.2 and a Dubbo 3.3 provider on 127.0.0.3 (all demo services, both
 * interface-level only), a Dubbo 3.3 provider on 127.0.0.6 registered at application level
 * only (`register-mode=instance`, MetadataInfo published with `metadata-type=remote`), and a
 * 2.7 and a 3.3 consumer of GreetingService. Stops them all afterwards.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const zk = await startZooKeeper();
  let providers: ProviderHandle[] = [];
  let consumers: ConsumerHandle[] = [];
  try {
    providers = await Promise.all([
      startProvider({ line: "2.7", registry: zk.dubboAddress, host: "127.0.0.2" }),
      startProvider({ line: "3.3", registry: zk.dubboAddress, host: "127.0.0.3" }),
      startProvider({ line: "3.3", registry: zk.dubboAddress, host: "127.0.0.6", app: "demo-provider-33-instance", registerMode: "instance", metadataType: "remote" }),
    ]);
    consumers = await Promise.all([
      startConsumer({ line: "2.7", registry: zk.dubboAddress }),
      startConsumer({ line: "3.3", registry: zk.dubboAddress }),
    ]);
  } catch (e) {
    killAllPeers();
    await zk.stop();
    throw e;
  }
  project.provide("rig", {
    zkAddress: zk.dubboAddress,
    zkConnectString: zk.connectString,
    providers: providers.map((p) => ({ line: p.line, address: p.address, app: p.app, registerMode: p.registerMode })),
    consumers: consumers.map((c, i) => ({ line: i === 0 ? "2.7" : "3.3", app: c.app })),
  });
  return async () => {
    await Promise.all([...consumers, ...providers].map((p) => p.stop()));
    await zk.stop();
  };
}
