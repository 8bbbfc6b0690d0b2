import zookeeper from "node-zookeeper-client";
import { describeAcl } from "@/server/registry/zk/zk-acl";
import { removeTree } from "./zk-client";

/**
 * A ZooKeeper client for tests of ACLs: it authenticates with the given digest
 * credentials (any number of them: a session holds every identity it was given), creates
 * nodes with an explicit ACL, and reads ACLs back in zkCli's `scheme:id:perms` notation.
 */
export interface AclTestZk {
  /** Creates `path` with `acl` (zkCli notation, e.g. "digest:other:<hash>:cdrwa,world:anyone:r"), its missing parents open. */
  createWithAcl(path: string, acl: readonly zookeeper.ACL[], data?: string): Promise<void>;
  /** The ACL of `path` in zkCli notation, or the ZooKeeper error's name (e.g. "NoAuth"). */
  acl(path: string): Promise<string>;
  /** The children of `path`, or the ZooKeeper error's name. */
  children(path: string): Promise<string[] | string>;
  /** The data of `path` as UTF-8, or the ZooKeeper error's name. */
  data(path: string): Promise<string>;
  /** Removes `path` and everything under it; nothing when it does not exist. */
  removeTree(path: string): Promise<void>;
  /** Removes every node under `root` (and the subtree under it) whose ACL is `acl` (zkCli notation). */
  removeOwned(root: string, acl: string): Promise<void>;
  close(): void;
}

/** Connects to `connectString` authenticated as each of `credentials` ("user:password"). */
export async function connectAclTestZk(connectString: string, credentials: readonly string[]): Promise<AclTestZk> {
  const client = zookeeper.createClient(connectString, { sessionTimeout: 10_000 });
  for (const c of credentials) client.addAuthInfo("digest", Buffer.from(c));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ZooKeeper at ${connectString}`)), 15_000);
    client.once("connected", () => (clearTimeout(timer), resolve()));
    client.connect();
  });
  const named = (e: unknown) => (e instanceof zookeeper.Exception ? e.getName() : String(e));
  return {
    createWithAcl: (path, acl, data = "") =>
      new Promise((resolve, reject) =>
        client.mkdirp(path.slice(0, path.lastIndexOf("/")) || "/", (e) =>
          e ? reject(e) : client.create(path, Buffer.from(data), [...acl], zookeeper.CreateMode.PERSISTENT, (e2) => (e2 ? reject(e2) : resolve())),
        ),
      ),
    acl: (path) => new Promise((resolve) => client.getACL(path, (e, acls) => resolve(e ? named(e) : describeAcl(acls)))),
    children: (path) => new Promise((resolve) => client.getChildren(path, (e, c) => resolve(e ? named(e) : c))),
    data: (path) => new Promise((resolve) => client.getData(path, (e, d) => resolve(e ? named(e) : (d?.toString("utf8") ?? "")))),
    removeTree: (path) => removeTree(client, path),
    removeOwned: async function removeOwned(root, acl) {
      const own = await new Promise<string>((resolve) => client.getACL(root, (e, acls) => resolve(e ? named(e) : describeAcl(acls))));
      if (own === acl) return removeTree(client, root);
      const children = await new Promise<string[]>((resolve) => client.getChildren(root, (e, c) => resolve(e ? [] : c)));
      for (const child of children) await removeOwned(`${root === "/" ? "" : root}/${child}`, acl);
    },
    close: () => client.close(),
  };
}
