import zookeeper from "node-zookeeper-client";

/** A plain ZooKeeper client for tests that arrange or inspect the tree directly. */
export interface TestZk {
  mkdirp(path: string): Promise<void>;
  create(path: string, mode?: number): Promise<void>;
  /** Creates `path` (and its missing parents) holding `data` as UTF-8. */
  createWithData(path: string, data: string): Promise<void>;
  setData(path: string, data: string): Promise<void>;
  /** Removes `path` and everything under it; nothing when it does not exist. */
  removeTree(path: string): Promise<void>;
  remove(path: string): Promise<void>;
  children(path: string): Promise<string[]>;
  /** The data of `path` as UTF-8; null when the node does not exist. */
  getData(path: string): Promise<string | null>;
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
    createWithData: (path, data) =>
      new Promise((res, rej) =>
        client.mkdirp(path.slice(0, path.lastIndexOf("/")) || "/", (e) =>
          e ? rej(e) : client.create(path, Buffer.from(data, "utf8"), zookeeper.CreateMode.PERSISTENT, cb<string>(() => res(), rej)),
        ),
      ),
    setData: (path, data) => new Promise((res, rej) => client.setData(path, Buffer.from(data, "utf8"), -1, (e) => (e ? rej(e) : res()))),
    removeTree: (path) => removeTree(client, path),
    children: (path) => new Promise((res, rej) => client.getChildren(path, cb<string[]>(res, rej))),
    getData: (path) => new Promise((res, rej) => client.getData(path, (e, data) => (isNoNode(e) ? res(null) : e ? rej(e) : res(data ? data.toString("utf8") : "")))),
    close: () => client.close(),
  };
}

const isNoNode = (e: unknown) => e instanceof zookeeper.Exception && e.getCode() === zookeeper.Exception.NO_NODE;

/** Removes `path` and everything under it; nothing when it does not exist. */
export async function removeTree(client: zookeeper.Client, path: string): Promise<void> {
  const children = await new Promise<string[]>((res, rej) => client.getChildren(path, (e, c) => (isNoNode(e) ? res([]) : e ? rej(e) : res(c))));
  for (const child of children) await removeTree(client, `${path}/${child}`);
  await new Promise<void>((res, rej) => client.remove(path, -1, (e) => (!e || isNoNode(e) ? res() : rej(e))));
}
