import type { AuditDraft, AuditKind } from "@/lib/api/audit";
import { type DeleteGrayFlowQuery, type EndedGrayFlow, type GrayFlow, type GrayFlowsQuery, type GrayFlowsResponse, grayFlowStateSchema, type PutGrayFlowBody } from "@/lib/api/gray-flows";
import { type Actor, auditedActor } from "@/lib/auth/actor";
import { serviceKey } from "@/lib/dubbo/service-key";
import { ConflictError, RegistryUnavailableError } from "@/server/errors/governance-errors";
import { NotFoundError } from "@/server/errors/request-errors";
import { z } from "zod";
import type { ZkSession } from "../../registry/zk/zk-session";
import { commitMulti, ensurePersistentPath, type MultiOp, readVersioned } from "../../registry/zk/zk-writes";
import type { AuditRecording } from "../audit/audit-log";

/** Where the flows are kept, beside the audit trail's default path. */
export const GRAY_FLOWS_PATH = "/dubbo-console/gray-release";
/** The most flow nodes read in one listing (a flow is one per service under way; more is not a console's doing). */
const LIST_MAX = 1_000;
/** The largest node read as a flow. */
const NODE_BYTES_MAX = 64 * 1024;

/** A flow's node: its state, and who started and last moved it. */
const nodeSchema = z.object({
  state: z.unknown(),
  startedAt: z.number().int().nonnegative(),
  startedBy: z.string().max(200),
  updatedAt: z.number().int().nonnegative(),
  updatedBy: z.string().max(200),
});

/** The audit kinds of the flows: started, moved a step, ended with its writes taken back, ended with them kept. */
export const GRAY_FLOW_AUDIT_KINDS = ["gray.start", "gray.step", "gray.return", "gray.end"] as const satisfies readonly AuditKind[];

/**
 * The gray releases under way (lib/api/gray-flows.ts), one persistent node per service under
 * {@link GRAY_FLOWS_PATH} on the first registry's session (where the audit trail is), named by
 * the service key: every replica reads the same flows, and every operator sees the step a
 * flow is at. Each write is one multi with its audit entry (`gray.*`), based on the node's
 * version (the flow's `revision`): two operators moving one flow at once cannot both win.
 * Nodes are read on each ask (flows are few); one that is not a flow is left out and said.
 */
export class GrayFlowStore {
  constructor(
    private readonly session: ZkSession,
    private readonly audit?: AuditRecording,
    readonly path: string = GRAY_FLOWS_PATH,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The flows under way, of one service when `query.service` is given (`group`/`version` left out: any). */
  async list(query: GrayFlowsQuery): Promise<GrayFlowsResponse> {
    this.connected("read");
    const names = (await this.session.getChildren(this.path)) ?? [];
    const problems: string[] = [];
    const flows: GrayFlow[] = [];
    const wanted = names.filter((n) => {
      const key = keyOfNode(n);
      if (key === null) return false;
      if (query.service === undefined) return true;
      const [group, rest] = key.includes("/") ? [key.slice(0, key.indexOf("/")), key.slice(key.indexOf("/") + 1)] : ["", key];
      const [iface, version] = rest.includes(":") ? [rest.slice(0, rest.indexOf(":")), rest.slice(rest.indexOf(":") + 1)] : [rest, ""];
      return iface === query.service && (query.group === undefined || group === query.group) && (query.version === undefined || version === query.version);
    });
    if (wanted.length > LIST_MAX) problems.push(`${wanted.length} flow nodes; the first ${LIST_MAX} are read`);
    for (const name of wanted.slice(0, LIST_MAX).sort()) {
      const read = await readVersioned(this.session, `${this.path}/${name}`);
      if (read === null) continue;
      const flow = flowOf(keyOfNode(name)!, read.data, read.version);
      if (typeof flow === "string") problems.push(`${this.path}/${name}: ${flow}`);
      else flows.push(flow);
    }
    return { flows, problems };
  }

  /** Starts a flow (`revision` null) or moves it on. @throws ConflictError when the revision is not the node's (or a flow of the service exists already). */
  async save(body: PutGrayFlowBody, actor: Actor): Promise<GrayFlow> {
    this.connected("write");
    const { revision, ...state } = body;
    const key = serviceKey({ interface: state.plan.service, group: state.plan.group, version: state.plan.version });
    const node = `${this.path}/${nodeName(key)}`;
    await ensurePersistentPath(this.session, this.path);
    const read = await readVersioned(this.session, node);
    const now = this.clock();
    let before: GrayFlow | null = null;
    if (revision === null) {
      if (read !== null) throw new ConflictError(`a gray release of ${key} is under way already; continue it or end it first`, { key });
    } else {
      if (read === null) throw new ConflictError(`the gray release of ${key} was ended by someone else; reload the page`, { key });
      if (revisionOf(read.version) !== revision) throw new ConflictError(`the gray release of ${key} was moved on by someone else since it was read; reload it`, { key });
      const held = flowOf(key, read.data, read.version);
      before = typeof held === "string" ? null : held;
    }
    const data = { state, startedAt: before?.startedAt ?? now, startedBy: before?.startedBy ?? actor.name, updatedAt: now, updatedBy: actor.name };
    const bytes = Buffer.from(JSON.stringify(data), "utf8");
    const after: GrayFlow = { ...state, key, revision: revisionOf(read === null ? 0 : read.version + 1), startedAt: data.startedAt, startedBy: data.startedBy, updatedAt: now, updatedBy: actor.name };
    const op: MultiOp = read === null ? { type: "create", path: node, data: bytes } : { type: "setData", path: node, data: bytes, version: read.version };
    const kind: AuditKind = read === null ? "gray.start" : "gray.step";
    const summary = read === null ? `started a gray release of ${key} (${modeWords(state.plan)})` : `gray release of ${key}: ${state.step < 0 ? "no step applied" : `step ${state.step + 1} of ${stepCount(state.plan)} applied`}`;
    await this.commit(op, this.draft(actor, kind, key, summary, before, after), key);
    return after;
  }

  /** Ends the flow of a service. @throws NotFoundError when there is none; ConflictError when `revision` is not the node's. */
  async end(query: DeleteGrayFlowQuery, actor: Actor): Promise<EndedGrayFlow> {
    this.connected("write");
    const key = serviceKey({ interface: query.service, group: query.group, version: query.version });
    const node = `${this.path}/${nodeName(key)}`;
    const read = await readVersioned(this.session, node);
    if (read === null) throw new NotFoundError(`no gray release of ${key} is under way`, { key });
    if (revisionOf(read.version) !== query.revision) throw new ConflictError(`the gray release of ${key} was moved on by someone else since it was read; reload it`, { key });
    const held = flowOf(key, read.data, read.version);
    const returned = query.returned === "true";
    const summary = returned ? `returned everything of the gray release of ${key}` : `ended the gray release of ${key}, its rules kept`;
    await this.commit({ type: "remove", path: node, version: read.version }, this.draft(actor, returned ? "gray.return" : "gray.end", key, summary, typeof held === "string" ? null : held, null), key);
    return { key, returned };
  }

  private connected(what: "read" | "write"): void {
    if (this.session.state.type !== "connected") throw new RegistryUnavailableError(`ZooKeeper ${this.session.address.source} is ${this.session.state.type}; the gray releases cannot be ${what === "read" ? "read" : "written"} now${what === "write" ? ": nothing was written" : ""}`);
  }

  private async commit(op: MultiOp, draft: AuditDraft, key: string): Promise<void> {
    const auditOp = this.audit ? await this.audit.writer.opOn(this.session, draft) : null;
    const outcome = await commitMulti(this.session, auditOp ? [op, auditOp] : [op]);
    if (outcome.type === "refused") throw new ConflictError(`the gray release of ${key} was changed by someone else while saving; reload it`, { key });
    if (auditOp) this.audit!.writer.committed();
    else if (this.audit) {
      try {
        await this.audit.writer.record(draft);
      } catch (e) {
        this.audit.log.error("the audit entry of a gray release could not be written", { kind: draft.kind, service: key, error: String(e) });
      }
    }
  }

  private draft(actor: Actor, kind: AuditKind, key: string, summary: string, before: GrayFlow | null, after: GrayFlow | null): AuditDraft {
    return { at: this.clock(), actor: auditedActor(actor), kind, service: key, summary, before, after, outcome: "ok" };
  }
}

/** A flow's revision: its node's version, opaque to clients. */
const revisionOf = (version: number) => `v${version}`;

/** The node name of a service key (a ZooKeeper name holds no '/'). */
export const nodeName = (key: string) => encodeURIComponent(key);

function keyOfNode(name: string): string | null {
  try {
    const key = decodeURIComponent(name);
    return key.length > 0 ? key : null;
  } catch {
    return null;
  }
}

/** The flow a node holds, or why it is not one. */
function flowOf(key: string, data: Buffer, version: number): GrayFlow | string {
  if (data.length > NODE_BYTES_MAX) return `${data.length} bytes, more than a flow's ${NODE_BYTES_MAX}`;
  let json: unknown;
  try {
    json = JSON.parse(data.toString("utf8"));
  } catch {
    return "not JSON";
  }
  const node = nodeSchema.safeParse(json);
  if (!node.success) return `not a gray release node: ${node.error.issues[0]?.message ?? "bad shape"}`;
  const state = grayFlowStateSchema.safeParse(node.data.state);
  if (!state.success) return `not a gray release: ${state.error.issues[0]?.message ?? "bad shape"}`;
  const own = serviceKey({ interface: state.data.plan.service, group: state.data.plan.group, version: state.data.plan.version });
  if (own !== key) return `holds the plan of ${own}, not of ${key}`;
  return { ...state.data, key, revision: revisionOf(version), startedAt: node.data.startedAt, startedBy: node.data.startedBy, updatedAt: node.data.updatedAt, updatedBy: node.data.updatedBy };
}

function stepCount(plan: PutGrayFlowBody["plan"]): number {
  return plan.mode === "tag" || plan.mode === "applications" ? 1 : plan.steps.length;
}

function modeWords(plan: PutGrayFlowBody["plan"]): string {
  if (plan.mode === "tag") return `tag ${plan.tag ?? ""} to ${plan.newAddresses.join(", ")}`;
  if (plan.mode === "applications") return `${(plan.applications ?? []).join(", ")} to ${plan.newAddresses.join(", ")}`;
  return `by weight in steps ${plan.steps.join(", ")}% to ${plan.newAddresses.join(", ")}`;
}
