"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTheme } from "next-themes";
import { useDeferredValue, useEffect, useMemo, useState } from "react";
import { fetchJson } from "@/lib/api/client/fetch-json";
import { type TopologyNode, type TopologyResponse, topologyResponseSchema } from "@/lib/api/topology";
import { applicationHref, serviceHref } from "@/lib/format/hrefs";
import { useDebounced } from "../routes/use-debounced";
import { Badge } from "../ui/badge";
import { Callout } from "../ui/callout";
import { Input } from "../ui/input";
import { GraphCanvas } from "./graph-canvas";

/** The most nodes asked for: 2,000 services and their applications fit. */
const NODES_ASKED = 5_000;

const nodeHref = (n: Pick<TopologyNode, "kind" | "name">) => (n.kind === "service" ? serviceHref(n.name) : applicationHref(n.name));

/** The picked node: what it is, a link to its page, and its neighbours (each a link), in words. */
function Selected({ node, data, onSelect }: { node: TopologyNode; data: TopologyResponse; onSelect: (id: string) => void }) {
  const byId = useMemo(() => new Map(data.nodes.map((n) => [n.id, n])), [data]);
  const out = data.edges.filter((e) => e.from === node.id);
  const into = data.edges.filter((e) => e.to === node.id);
  const row = (id: string, words: string, count: number, rate: number | undefined) => {
    const n = byId.get(id);
    if (!n) return null;
    return (
      <li key={`${words} ${id}`} className="flex min-w-0 flex-wrap items-center gap-x-2">
        <span className="text-xs text-zinc-500 dark:text-zinc-400">{words}</span>
        <button type="button" className="font-mono text-xs text-brand-700 [overflow-wrap:anywhere] hover:underline dark:text-brand-300" onClick={() => onSelect(id)} data-testid="topology-neighbour">
          {n.name}
        </button>
        <span className="text-xs text-zinc-500">×{count}</span>
        {rate !== undefined && (
          <span className="text-xs text-zinc-600 tabular-nums dark:text-zinc-300" data-testid="topology-rate" data-rate={rate}>
            {rate < 10 ? rate.toFixed(1) : Math.round(rate)} calls/s
          </span>
        )}
      </li>
    );
  };
  return (
    <section className="min-w-0 space-y-2 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900" data-testid="topology-selected" data-node={node.id} aria-label="Selected node">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <Badge tone={node.kind === "service" ? "good" : "info"}>{node.kind}</Badge>
        <Link href={nodeHref(node)} className="min-w-0 font-mono text-sm text-brand-700 [overflow-wrap:anywhere] underline-offset-2 hover:underline dark:text-brand-300" data-testid="topology-open">
          {node.name}
        </Link>
      </div>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        {node.kind === "service" ? `${node.providers} provider and ${node.consumers} consumer registrations` : `provides ${node.providers} service${node.providers === 1 ? "" : "s"}, consumes ${node.consumers}`}
      </p>
      {(node.unreachable ?? 0) > 0 && (
        <p className="text-xs text-red-700 dark:text-red-300" data-testid="topology-unreachable">
          {node.unreachable} provider address{node.unreachable === 1 ? "" : "es"} unreachable from the console (the Providers tab says why)
        </p>
      )}
      <ul className="max-h-64 space-y-1 overflow-y-auto">
        {into.map((e) => row(e.from, e.kind === "consumes" ? "consumed by" : "provided as", e.count, e.rate))}
        {out.map((e) => row(e.to, e.kind === "consumes" ? "consumes" : "provided by", e.count, e.rate))}
      </ul>
    </section>
  );
}

/**
 * The dependency graph (issue 18): consumer application → service → provider application
 * from GET /api/v1/topology, drawn with sigma and laid out off the main thread. The focus
 * (a node, `depth` hops around it) and the namespace prefix are asked of the server and kept
 * in the address; the name filter and the selection are the browser's (nothing fetched).
 */
export function TopologyView() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const focus = params.get("focus") ?? "";
  const prefix = params.get("prefix") ?? "";
  const depth = params.get("depth") ?? "2";
  const [prefixText, setPrefixText] = useState(prefix);
  const [filter, setFilter] = useState("");
  const [selected, setSelected] = useState<string | null>(focus || null);
  const { resolvedTheme } = useTheme();
  const settledPrefix = useDebounced(prefixText.trim(), 300);
  const setParams = (next: Record<string, string>) => {
    const q = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(next)) {
      if (v === "") q.delete(k);
      else q.set(k, v);
    }
    router.replace(`${pathname}?${q.toString()}`, { scroll: false });
  };
  // The namespace typed, once it rests, goes to the address (and so to the server).
  useEffect(() => {
    if (settledPrefix === prefix) return;
    const q = new URLSearchParams(params.toString());
    if (settledPrefix === "") q.delete("prefix");
    else q.set("prefix", settledPrefix);
    router.replace(`${pathname}?${q.toString()}`, { scroll: false });
  }, [settledPrefix, prefix, params, pathname, router]);
  const search = new URLSearchParams({ limit: String(NODES_ASKED), ...(focus ? { focus, depth } : {}), ...(prefix ? { prefix } : {}) });
  const query = useQuery({
    queryKey: ["topology", search.toString()],
    queryFn: ({ signal }) => fetchJson(`/api/v1/topology?${search.toString()}`, topologyResponseSchema, signal),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  // The graph follows the typing at its own pace: the field never waits for a redraw.
  const deferredFilter = useDeferredValue(filter.trim().toLowerCase());
  const node = data && selected ? (data.nodes.find((n) => n.id === selected) ?? null) : null;
  const themeDark = resolvedTheme === "dark";
  return (
    <div className="min-w-0 space-y-3" data-testid="topology">
      <div className="flex min-w-0 flex-wrap items-end gap-3">
        <label className="flex min-w-0 flex-col text-sm font-medium">
          Find
          <Input value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="a name: shows only what matches" className="mt-1 w-64 max-w-full" data-testid="topology-filter" spellCheck={false} autoComplete="off" />
        </label>
        <label className="flex min-w-0 flex-col text-sm font-medium">
          Namespace
          <Input value={prefixText} onChange={(e) => setPrefixText(e.target.value)} placeholder="io.shop." className="mt-1 w-48 max-w-full font-mono text-[13px]" data-testid="topology-prefix" spellCheck={false} autoComplete="off" />
        </label>
        {focus && (
          <label className="flex flex-col text-sm font-medium">
            Depth
            <select value={depth} onChange={(e) => setParams({ depth: e.target.value })} className="mt-1 block rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900" data-testid="topology-depth">
              {[1, 2, 3, 4, 6, 8].map((d) => (
                <option key={d} value={String(d)}>
                  {d} hop{d === 1 ? "" : "s"}
                </option>
              ))}
            </select>
          </label>
        )}
        {node && node.id !== focus && (
          <button type="button" className="rounded-md border border-zinc-300 px-3 py-1.5 text-sm dark:border-zinc-700" onClick={() => setParams({ focus: node.id })} data-testid="topology-focus">
            Focus on {node.kind === "service" ? "this service" : "this application"}
          </button>
        )}
        {focus && (
          <button type="button" className="rounded-md border border-zinc-300 px-3 py-1.5 text-sm dark:border-zinc-700" onClick={() => setParams({ focus: "", depth: "" })} data-testid="topology-unfocus">
            Whole graph
          </button>
        )}
      </div>
      {query.error ? (
        <Callout tone="bad" title="The graph could not be read">
          {query.error.message}
        </Callout>
      ) : !data ? (
        <Callout>Reading the registry&apos;s graph…</Callout>
      ) : (
        <>
          <p className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="topology-summary">
            {data.nodes.filter((n) => n.kind === "application").length} applications, {data.nodes.filter((n) => n.kind === "service").length} services, {data.edges.length} edges
            {focus ? ` within ${depth} hop${depth === "1" ? "" : "s"} of ${focus.replace(/^(app|service):/, "")}` : ""}
            {prefix ? ` under ${prefix}` : ""}
            {data.truncated ? ` (the first ${data.nodes.length} of ${data.matched.nodes}: narrow it with a namespace or a focus)` : ""}. Applications blue, services green; each edge runs from a consumer application to the service, and from the service to the application providing it. Click a node to see its neighbours.
          </p>
          {data.nodes.length === 0 ? (
            <Callout>Nothing is registered{prefix ? ` under ${prefix}` : ""}.</Callout>
          ) : (
            <div className="grid min-w-0 gap-3 lg:grid-cols-[1fr_20rem]">
              <GraphCanvas data={data} selected={node?.id ?? null} filter={deferredFilter} dark={themeDark} onSelect={setSelected} />
              {node ? <Selected node={node} data={data} onSelect={setSelected} /> : <Callout>Pick a node in the graph, or type its name in Find.</Callout>}
            </div>
          )}
        </>
      )}
    </div>
  );
}
