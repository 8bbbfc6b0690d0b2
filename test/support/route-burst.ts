import type { Route } from "@/lib/api/routing/routes";
import type { MadeChange } from "./audit-check";
import { type Answer, consoleRoutes, contentOf, NO_ANSWER, type RouteContent, send, within, zooKeeperRoutes } from "./console-routes";
import { waitFor } from "./wait-for";
import type { TestZk } from "./zk-client";

/** One change of a burst, planned from what the client believes the registry holds. */
export interface BurstOp {
  readonly index: number;
  readonly kind: "create" | "edit" | "delete";
  readonly name: string;
  readonly before: RouteContent | null;
  readonly after: RouteContent | null;
}

/**
 * How a change ended for its client:
 * - `acknowledged`: answered 2xx, so it must be in the registry (until a later change);
 * - `unknown`: answered 503 (ZooKeeper did not answer in time, or the connection dropped
 *   with the write sent), or no answer at all (the console died): it may or may not have
 *   been applied, and the client must re-read to know;
 * - `refused`: any other answer. In these bursts, where the client's belief is exact before
 *   every change, the only one expected is a 409 `conflict` from the console's own retry
 *   limit on a busy routers directory (concurrent writes to one service), which must have
 *   changed nothing (see {@link confirmUnchanged}).
 */
export type OpVerdict = "acknowledged" | "unknown" | "refused";

export interface OpRecord {
  readonly op: BurstOp;
  readonly status: number;
  readonly verdict: OpVerdict;
  /** The answer's body (an error's code and message, for the report of a failed test). */
  readonly body: unknown;
  /** For an `unknown` change once reconciled: whether the registry turned out to hold it. */
  applied?: boolean;
}

interface Known {
  readonly content: RouteContent;
  readonly id: string;
  readonly revision: string;
}

/**
 * A burst of route creates, edits and deletes through the HTTP API, as a script would send
 * them, with the client's belief of what the registry holds. After a change whose outcome is
 * unknown the client re-reads (see {@link reconcile}) as an operator would, so its belief is
 * exact again before it changes that route further; at the end the registry must equal it.
 */
export class RouteBurst {
  /** Name → what the client believes the registry holds (null: no route of that name). */
  private readonly known = new Map<string, Known | null>();
  readonly records: OpRecord[] = [];

  constructor(
    readonly service: string,
    readonly names: readonly string[],
  ) {
    for (const name of names) this.known.set(name, null);
  }

  /** Name → believed content, every name listed (null: absent). */
  belief(): Map<string, RouteContent | null> {
    return new Map([...this.known].map(([name, k]) => [name, k?.content ?? null]));
  }

  /** Change `index` of route `name`: create when absent; else every third a delete, the others an edit. */
  plan(index: number, name: string): BurstOp {
    const before = this.known.get(name)?.content ?? null;
    const host = `10.${8 + (index % 2)}.${index >> 8}.${index & 255}`;
    if (before === null) return { index, kind: "create", name, before, after: { rule: `=> host = ${host}`, priority: index, enabled: true } };
    if (index % 3 === 2) return { index, kind: "delete", name, before, after: null };
    return { index, kind: "edit", name, before, after: { rule: `host != 10.7.0.${index & 255} => host = ${host}`, priority: index, enabled: index % 2 === 0 } };
  }

  /** Sends `op` to the console at `url` and records how it ended; an acknowledged change updates the belief. */
  async run(url: string, op: BurstOp): Promise<OpRecord> {
    const known = this.known.get(op.name) ?? null;
    const answer = await this.request(url, op, known);
    const verdict: OpVerdict = answer.status >= 200 && answer.status < 300 ? "acknowledged" : answer.status === 503 || answer.status === NO_ANSWER ? "unknown" : "refused";
    const record: OpRecord = { op, status: answer.status, verdict, body: answer.body };
    this.records.push(record);
    if (verdict === "acknowledged") {
      const route = op.kind === "delete" ? null : (answer.body as Route);
      this.known.set(op.name, route && { content: contentOf(route), id: route.id, revision: route.revision });
    }
    return record;
  }

  private request(url: string, op: BurstOp, known: Known | null): Promise<Answer> {
    switch (op.kind) {
      case "create":
        return send(url, "POST", "/api/v1/routes", { service: this.service, name: op.name, ...op.after });
      case "edit":
        return send(url, "PUT", `/api/v1/routes/${known!.id}`, { revision: known!.revision, ...op.after });
      case "delete":
        return send(url, "DELETE", `/api/v1/routes/${known!.id}?revision=${encodeURIComponent(known!.revision)}`);
    }
  }

  /**
   * After an `unknown` change: reads the route in ZooKeeper (the one source of truth) and
   * takes whichever of its before and after states is there as the belief; then waits until
   * the console at `url` lists the same (for the id and revision of the next change). Throws
   * when ZooKeeper holds neither state, or two nodes of the name: a half-applied or doubled
   * change.
   */
  async reconcile(zk: TestZk, url: () => string, record: OpRecord): Promise<void> {
    const { op } = record;
    const nodes = await waitFor("ZooKeeper to answer the re-read", async () => (await within(5_000, zooKeeperRoutes(zk, this.service))).get(op.name) ?? [], 60_000);
    if (nodes.length > 1) throw new Error(`change ${op.index} (${op.kind} ${op.name}) left ${nodes.length} nodes: ${JSON.stringify(nodes)}`);
    const held = nodes[0] ?? null;
    const same = (a: RouteContent | null, b: RouteContent | null) => JSON.stringify(a) === JSON.stringify(b);
    if (!same(held, op.before) && !same(held, op.after)) {
      throw new Error(`change ${op.index} (${op.kind} ${op.name}) left ${JSON.stringify(held)}, neither before ${JSON.stringify(op.before)} nor after ${JSON.stringify(op.after)}`);
    }
    record.applied = same(held, op.after);
    await this.adopt(url, op.name, held);
  }

  /**
   * After a `refused` change: checks that it was a 409 `conflict` and that ZooKeeper holds
   * the route as before it (a refusal changes nothing). Throws otherwise.
   */
  async confirmUnchanged(zk: TestZk, record: OpRecord): Promise<void> {
    const { op } = record;
    const code = (record.body as { error?: { code?: string } } | null)?.error?.code;
    if (record.status !== 409 || code !== "conflict") throw new Error(`change ${op.index} (${op.kind} ${op.name}) refused with ${record.status}: ${JSON.stringify(record.body)}`);
    const nodes = (await waitFor("ZooKeeper to answer", () => within(5_000, zooKeeperRoutes(zk, this.service)), 60_000)).get(op.name) ?? [];
    if (JSON.stringify(nodes) !== JSON.stringify(op.before === null ? [] : [op.before])) {
      throw new Error(`change ${op.index} (${op.kind} ${op.name}) was refused but ZooKeeper holds ${JSON.stringify(nodes)}, not ${JSON.stringify(op.before)}`);
    }
  }

  /** Sets the belief of `name` to `content`, with the id and revision the console lists once its view shows it. */
  async adopt(url: () => string, name: string, content: RouteContent | null): Promise<void> {
    const route = await waitFor(
      `the console to list ${name} as ${JSON.stringify(content)}`,
      async () => {
        const listed = (await within(5_000, consoleRoutes(url(), this.service))).get(name) ?? null;
        if (content === null) return listed === null ? ("absent" as const) : undefined;
        return listed !== null && JSON.stringify(contentOf(listed)) === JSON.stringify(content) ? listed : undefined;
      },
      60_000,
    );
    this.known.set(name, route === "absent" ? null : { content: contentOf(route), id: route.id, revision: route.revision });
  }

  /** The changes made: acknowledged, or found applied when reconciled. Each must have one audit entry. */
  made(): MadeChange[] {
    return this.records.filter((r) => r.verdict === "acknowledged" || r.applied === true).map(({ op }) => ({ kind: op.kind, name: op.name, before: op.before, after: op.after }));
  }

  count(verdict: OpVerdict): number {
    return this.records.filter((r) => r.verdict === verdict).length;
  }
}
