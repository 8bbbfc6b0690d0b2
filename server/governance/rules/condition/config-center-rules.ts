import {
  type ConditionCheck,
  type ConditionRuleDraft,
  formatConditionRouterYaml,
  parseConditionRouterYaml,
  type RuleYamlRead,
} from "@/lib/dubbo/rules/condition-router-yaml";
import { parseRuleNodeName, ruleDirectory, ruleKeyProblem, ruleNodePath, type RuleNodeName } from "@/lib/dubbo/rules/config-rule-key";
import { ConflictError, RegistryUnavailableError } from "@/server/errors/governance-errors";
import { ConsoleError, ValidationError } from "@/lib/errors";
import { NotFoundError } from "@/server/errors/request-errors";
import type { Logger } from "../../../runtime/logger";
import { WatchedReads } from "../../../registry/zk/watched-reads";
import type { ZkDataReader } from "../../../registry/zk/zk-data-reader";
import type { ZkWriter } from "../../../registry/zk/zk-session-writer";
import type { MultiOp } from "../../../registry/zk/zk-writes";

/** One `.condition-router` node of the config center, as last read. */
export interface ConfigRuleNode {
  /** The node's full path, `/dubbo/config/dubbo/{key}.condition-router`. */
  readonly path: string;
  readonly name: RuleNodeName;
  /** The node's data as UTF-8. */
  readonly yaml: string;
  /** ZooKeeper's data version of the node: the revision a replace or delete must name. */
  readonly version: number;
  /** The zxid of the node's last change, ordering reads of it (see VersionedData); -1 when not known. */
  readonly modified: bigint;
  /** How Dubbo 3.3 reads it; a malformed rule is a `rejected` read, never an error. */
  readonly read: RuleYamlRead;
}

/** What a write did: the node as written. */
export interface ConfigRuleWrite {
  readonly node: ConfigRuleNode;
  readonly created: boolean;
}

/** ZooKeeper requests in flight at once while reading the rules. */
const READ_CONCURRENCY = 8;

/**
 * The condition rules in one registry's config center (`{root}/config/dubbo`, where a
 * ZooKeeper registry used as config center keeps them), always in memory and kept current
 * by one-shot watches, and the writes that publish or delete one.
 *
 * Invariants:
 * - after a full read, every `.condition-router` child of the directory has an entry, read
 *   from its latest data, and a data watch armed; the directory has a child watch (or,
 *   while missing, a creation watch); a read that fails is retried while the session lasts;
 * - {@link resync} (each new session) re-reads everything into a fresh map, and the getters
 *   keep answering from the last complete one until that read has finished;
 * - a malformed rule is an entry whose `read` says why Dubbo refuses it; nothing read throws;
 * - a write names the version it was based on, is one ZooKeeper operation (a create with
 *   its missing parents is one multi-op), and is refused with a ConflictError when the node
 *   changed since: nothing is overwritten unseen, and nothing is half-written;
 * - without a connected session a write fails at once with a RegistryUnavailableError.
 */
export class ConfigCenterRules {
  private live = new Map<string, ConfigRuleNode>();
  private shown = this.live;
  /** Children whose data is kept current in this epoch. */
  private tracked = new Set<string>();
  private readonly reads: WatchedReads;
  private readonly listeners = new Set<(path: string) => void>();
  private lastSync: number | null = null;

  constructor(
    reader: ZkDataReader,
    private readonly writer: ZkWriter,
    /** The registry's root, `/dubbo`: the rules live under `{root}/config/dubbo`. */
    readonly root: string,
    log: Logger,
    /** How conditions are checked as Dubbo's parser would (see ConditionCheck). */
    private readonly checkCondition?: ConditionCheck,
  ) {
    this.reads = new WatchedReads(reader, log, READ_CONCURRENCY, () => {
      this.lastSync = Date.now();
      this.shown = this.live;
      this.emit(this.directory);
    });
  }

  /** `{root}/config/dubbo`. */
  get directory(): string {
    return ruleDirectory(this.root);
  }

  /** When the last full read finished; null before the first. */
  get syncedAt(): number | null {
    return this.lastSync;
  }

  /** Re-reads everything; call on each new session. */
  resync(): void {
    const epoch = this.reads.begin();
    this.live = new Map();
    this.tracked = new Set();
    this.reads.track(epoch, `children ${this.directory}`, () => this.readDirectory(epoch));
  }

  /** Stops every watch and retry. */
  close(): void {
    this.reads.stop();
  }

  /** `listener` hears the path of each node (or the directory) whose entries changed. */
  onChange(listener: (path: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Every rule node, by key. */
  list(): ConfigRuleNode[] {
    return [...this.shown.values()].sort((a, b) => a.name.key.localeCompare(b.name.key));
  }

  /** The rule node of `key`, if there is one. */
  get(key: string): ConfigRuleNode | undefined {
    return this.shown.get(key);
  }

  /**
   * Writes `draft` as the rule of its key. Without `revision`, creates the node and refuses
   * (ConflictError) when one exists; with it, replaces the node's data only if its version
   * is still `revision`, and refuses when it changed or was removed since. `also` gives
   * operations made in the same multi, from the node as it will be (its audit entry).
   */
  async publish(draft: ConditionRuleDraft, revision?: number, also?: (node: ConfigRuleNode) => Promise<readonly MultiOp[]>): Promise<ConfigRuleWrite> {
    const keyProblem = ruleKeyProblem(draft.scope, draft.key);
    if (keyProblem) throw new ValidationError(`invalid body: ${keyProblem}`, [{ path: "key", message: keyProblem }]);
    const yaml = formatConditionRouterYaml(draft);
    const read = parseConditionRouterYaml(yaml, this.checkCondition);
    if (read.type === "rejected") {
      const at = read.problem.field?.replace(/^conditions\[(\d+)\]$/, "conditions.$1") ?? "conditions";
      throw new ValidationError(`invalid body: ${read.problem.message}`, [{ path: at, message: read.problem.message }]);
    }
    const path = ruleNodePath(this.root, draft.key);
    const data = Buffer.from(yaml, "utf8");
    const name = parseRuleNodeName(`${draft.key}.condition-router`)!;
    const extra = also ? await written(also({ path, name, yaml, version: revision === undefined ? 0 : revision + 1, modified: -1n, read }), path) : [];
    const outcome = await written(revision === undefined ? this.writer.create(path, data, extra) : this.writer.setData(path, data, revision, extra), path);
    const current = this.get(draft.key);
    switch (outcome.type) {
      case "exists":
        throw new ConflictError(`a rule exists at ${path} already; read it and pass its revision to replace it`, { node: path, revision: current?.version ?? null });
      case "no-node":
        throw new ConflictError(`the rule at ${path} was removed after revision ${revision} was read; create it anew (without a revision)`, { node: path, revision: null });
      case "bad-version":
        throw new ConflictError(`the rule at ${path} changed after revision ${revision} was read; read it again and reapply the change`, { node: path, revision: current?.version ?? null });
      case "done": {
        const node: ConfigRuleNode = { path, name, yaml, version: outcome.version, modified: -1n, read };
        // Read back for the zxid, so the mirror answers with the write at once; the watch brings it anyway.
        const back = await this.writer.getVersioned(path).catch(() => null);
        const known = back?.version === outcome.version && back.data.equals(data) ? { ...node, modified: back.modified } : node;
        if (known !== node) this.remember(known);
        return { node: known, created: revision === undefined };
      }
    }
  }

  /**
   * Removes the rule of `key` if its version is still `revision`: ConflictError when it
   * changed, NotFoundError when it is gone. `also`: operations made in the same multi.
   */
  async remove(key: string, revision: number, also?: () => Promise<readonly MultiOp[]>): Promise<{ path: string }> {
    const path = ruleNodePath(this.root, key);
    const extra = also ? await written(also(), path) : [];
    const outcome = await written(this.writer.remove(path, revision, extra), path);
    if (outcome.type === "no-node") throw new NotFoundError(`no rule at ${path}`, { node: path });
    if (outcome.type === "bad-version") {
      throw new ConflictError(`the rule at ${path} changed after revision ${revision} was read; read it again before deleting it`, { node: path, revision: this.get(key)?.version ?? null });
    }
    if (this.live.get(key)?.path === path) {
      this.live.delete(key);
      this.emit(path);
    }
    return { path };
  }

  private async readDirectory(epoch: number): Promise<void> {
    const dir = this.directory;
    const children = await this.reads.children(epoch, dir, () => this.reads.track(epoch, `children ${dir}`, () => this.readDirectory(epoch)), true);
    const names = new Map((children ?? []).flatMap((child) => {
      const name = parseRuleNodeName(child);
      return name ? [[name.key, child] as const] : [];
    }));
    for (const [key, node] of [...this.live]) {
      if (names.has(key)) continue;
      this.live.delete(key);
      this.emit(node.path);
    }
    for (const key of [...this.tracked]) if (!names.has(key)) this.tracked.delete(key);
    for (const [key, child] of names) {
      if (this.tracked.has(key)) continue;
      this.tracked.add(key);
      this.reads.track(epoch, `data ${dir}/${child}`, () => this.readNode(epoch, key, `${dir}/${child}`));
    }
  }

  private async readNode(epoch: number, key: string, path: string): Promise<void> {
    const watch = this.reads.watcher(epoch, `data ${path}`, () => this.reads.track(epoch, `data ${path}`, () => this.readNode(epoch, key, path)));
    const got = await this.writer.getVersioned(path, watch);
    if (epoch !== this.reads.epoch) return;
    if (got === null) {
      this.reads.disarm(epoch, `data ${path}`);
      this.tracked.delete(key);
      if (this.live.delete(key)) this.emit(path);
      return;
    }
    const yaml = got.data.toString("utf8");
    const name = parseRuleNodeName(path.slice(path.lastIndexOf("/") + 1))!;
    this.remember({ path, name, yaml, version: got.version, modified: got.modified, read: parseConditionRouterYaml(yaml, this.checkCondition) });
  }

  /** Keeps `node` unless a later state of it is held (a watch's read and a write's read-back may cross). */
  private remember(node: ConfigRuleNode): void {
    const held = this.live.get(node.name.key);
    if (held && held.modified > node.modified) return;
    this.live.set(node.name.key, node);
    this.emit(node.path);
  }

  private emit(path: string): void {
    for (const l of this.listeners) l(path);
  }
}

/**
 * The outcome of a write; a failure to reach ZooKeeper says that the write happened whole
 * or not at all, and how to find out which.
 */
async function written<T>(write: Promise<T>, path: string): Promise<T> {
  try {
    return await write;
  } catch (e) {
    if (e instanceof ConsoleError && e.code === "registry_unavailable") {
      throw new RegistryUnavailableError(`${e.message}; the write to ${path} happened whole or not at all: read the rules again to see which`, e.details, { cause: e });
    }
    throw e;
  }
}
