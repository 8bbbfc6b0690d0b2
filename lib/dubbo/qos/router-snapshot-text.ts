/**
 * What Dubbo 3's QoS `getRecentRouterSnapshot` answers (RouterSnapshotSwitcher, filled by
 * SingleRouterChain.logRouterSnapshot for services `enableRouterSnapshot` named, and only
 * while that class and RouterSnapshotFilter log at INFO): up to 32 recent calls, each
 *
 *     {ms} - Router snapshot service {key} from registry {host} on the consumer {host} using the dubbo version {v} is below: \n
 *     [ Parent (Input: 3) (Current Node Output: 3) (Chain Node Output: 2) ] Input: a,b,c -> Chain Node Output: a,b
 *       [ MockInvokersSelector (Input: 3) (Current Node Output: 3) (Chain Node Output: 2) Router message: … ] Current Node Output: a,b,c
 *         [ ServiceStateRouter (Input: 3) … ] …
 *
 * or, when no provider was left, "{ms} - No provider available after route for the service
 * {key} from registry … Router snapshot is below: \n" and the same tree. Address lists stop
 * at five, "..." after them. Pure.
 */

/** One router of the chain as the call went through it. */
export interface SnapshotRouter {
  readonly name: string;
  readonly input: number;
  /** What it returned, and what the chain returned from it on. */
  readonly output: number;
  readonly chainOutput: number;
  readonly message: string | null;
}

/** One call's routing: the service, when, and the providers the chain left it (the first five addresses). */
export interface RouterSnapshotEntry {
  readonly at: number;
  readonly service: string;
  readonly input: number;
  readonly output: number;
  /** `host:port` of the first (at most five) providers the chain left. */
  readonly addresses: readonly string[];
  /** More than the addresses listed were left. */
  readonly truncated: boolean;
  readonly routers: readonly SnapshotRouter[];
}

const HEAD = /^(\d+) - (?:Router snapshot service (\S+) from registry .* is below: ?|No provider available after route for the service (\S+) from registry .*Router snapshot is below: ?)$/;
const NODE = /^\s*\[ (\S+) \(Input: (\d+)\) \(Current Node Output: (\d+)\) \(Chain Node Output: (\d+)\)(?: Router message: (.*?))? \] (.*)$/;

/** Reads every snapshot in the answer, oldest first; lines it cannot read are skipped (a message with a line break of its own). */
export function parseRouterSnapshots(text: string): RouterSnapshotEntry[] {
  const out: RouterSnapshotEntry[] = [];
  let current: { at: number; service: string; parent: RegExpExecArray | null; routers: SnapshotRouter[] } | null = null;
  const flush = () => {
    if (current?.parent) {
      const [, , input, , chain, , rest = ""] = current.parent;
      const listed = /-> Chain Node Output: (.*)$/.exec(rest)?.[1]?.trim() ?? "";
      const truncated = listed.endsWith("...");
      const body = truncated ? listed.slice(0, -3) : listed;
      const addresses = body === "" || body === "Empty" ? [] : body.split(",").map((a) => a.trim()).filter((a) => a !== "");
      out.push({ at: current.at, service: current.service, input: Number(input), output: Number(chain), addresses, truncated, routers: current.routers });
    }
    current = null;
  };
  for (const line of text.split(/\r?\n/)) {
    const head = HEAD.exec(line);
    if (head) {
      flush();
      current = { at: Number(head[1]), service: head[2] ?? head[3] ?? "", parent: null, routers: [] };
      continue;
    }
    const node = NODE.exec(line);
    if (!node || current === null) continue;
    if (node[1] === "Parent" && current.parent === null) current.parent = node;
    else current.routers.push({ name: node[1]!, input: Number(node[2]), output: Number(node[3]), chainOutput: Number(node[4]), message: node[5] ?? null });
  }
  flush();
  return out.sort((a, b) => a.at - b.at);
}
