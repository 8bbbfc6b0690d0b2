import zookeeper from "node-zookeeper-client";

/** A plain ZooKeeper client for tests that arrange or inspect the tree directly. */
export interface TestZk {
  mkdirp(path: string): Promise<void>;
  create(path: string, mode?: number): Promise<void>;
  remove(path: string): Promise<void>;
  children(path: string): Promise<string[]>;
  close(): void;
}

function cb<T>(resolve: (v: T) => void, reject: (e: unknown) => void) {
  return (error: unknown, value: T) => (error ? reject(error) : resolve(value));
}

export async function connectTestZk(connectString: string): Promise<TestZk> {
  const client = zookeeper.createClient(connectString, { sessionTimeout: 10_000 });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ZooKeeper at ${connectString}`)), 15_000);
    client.once("connected", () => (clearTimeout(timer), resolve()));
    client.connect();
  });
  return {
    mkdirp: (path) => new Promise((res, rej) => client.mkdirp(path, cb<string>(() => res(), rej))),
    create: (path, mode = zookeeper.CreateMode.PERSISTENT) =>
      new Promise((res, rej) => client.create(path, Buffer.alloc(0), mode, cb<string>(() => res(), rej))),
    remove: (path) => new Promise((res, rej) => client.remove(path, -1, (e) => (e ? rej(e) : res()))),
    children: (path) => new Promise((res, rej) => client.getChildren(path, cb<string[]>(res, rej))),
    close: () => client.close(),
  };
}
