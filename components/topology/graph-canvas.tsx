"use client";

import { useEffect, useLayoutEffect, useMemo, useRef } from "react";
import type { TopologyResponse } from "@/lib/api/topology";

/** How long the force layout runs in its worker before it is stopped (the graph is drawn from the start). */
const LAYOUT_MS = 2_500;

/** The colours of the graph, light and dark (WebGL draws them, not CSS). */
const COLOURS = {
  light: { application: "#2563eb", service: "#059669", edge: "#c4c4cc", dim: "#e4e4e7", label: "#18181b", selected: "#f59e0b", unreachable: "#dc2626" },
  dark: { application: "#60a5fa", service: "#34d399", edge: "#3f3f46", dim: "#27272a", label: "#e4e4e7", selected: "#fbbf24", unreachable: "#f87171" },
} as const;

export interface GraphCanvasProps {
  readonly data: TopologyResponse;
  /** The node picked (its neighbours stay lit, the rest dim); null: none. */
  readonly selected: string | null;
  /** Text the nodes' names must hold to be shown (lower case; "" shows all): filtered in place, nothing fetched. */
  readonly filter: string;
  readonly dark: boolean;
  readonly onSelect: (id: string | null) => void;
}

/**
 * The graph drawn with sigma (WebGL, made for large graphs) over a graphology graph, laid
 * out by ForceAtlas2 in a web worker (off the main thread) for a moment after each new
 * answer. Services and applications start on two circles (services inside), so the first
 * frame is already readable. Selection and the filter change only the reducers (no new
 * graph, no new layout). The container says `data-state="ready"` after the first frame.
 */
export function GraphCanvas({ data, selected, filter, dark, onSelect }: GraphCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const renderer = useRef<{ scheduleRefresh(): void; kill(): void } | null>(null);
  /** What the reducers read: the selection, the nodes the filter shows (null: all), the theme. Worked out once per change, not per node. */
  const view = useRef<{ selected: string | null; shown: ReadonlySet<string> | null; dark: boolean }>({ selected, shown: null, dark });
  const select = useRef(onSelect);
  const labels = useMemo(() => new Map(data.nodes.map((n) => [n.id, n.name.toLowerCase()])), [data]);
  // The reducers and handlers read the latest props (the renderer lives across renders).
  useLayoutEffect(() => {
    select.current = onSelect;
  });
  useLayoutEffect(() => {
    let shown: Set<string> | null = null;
    if (filter !== "") {
      shown = new Set();
      for (const [id, label] of labels) if (label.includes(filter)) shown.add(id);
    }
    view.current = { selected, shown, dark };
  }, [selected, filter, dark, labels]);

  useEffect(() => {
    let cancelled = false;
    let stopLayout: (() => void) | null = null;
    const el = container.current;
    if (!el) return;
    el.dataset.state = "loading";
    void (async () => {
      const [{ default: Graph }, { default: Sigma }, { NodePointProgram, EdgeLineProgram }, { default: FA2Layout }, { default: forceAtlas2 }] = await Promise.all([
        import("graphology"),
        import("sigma"),
        import("sigma/rendering"),
        import("graphology-layout-forceatlas2/worker"),
        import("graphology-layout-forceatlas2"),
      ]);
      if (cancelled) return;
      const graph = new Graph({ multi: false, type: "directed" });
      const small = data.nodes.length < 200;
      const services = data.nodes.filter((n) => n.kind === "service");
      const apps = data.nodes.filter((n) => n.kind === "application");
      const place = (list: typeof data.nodes, radius: number) =>
        list.forEach((n, i) => {
          const a = (2 * Math.PI * i) / Math.max(1, list.length);
          graph.addNode(n.id, { x: radius * Math.cos(a), y: radius * Math.sin(a), size: (small ? 7 : 2) + Math.min(10, Math.sqrt(n.providers + n.consumers)), label: n.name, kind: n.kind, down: (n.unreachable ?? 0) > 0 });
        });
      place(services, 100);
      place(apps, 160);
      for (const e of data.edges) if (graph.hasNode(e.from) && graph.hasNode(e.to) && !graph.hasEdge(e.from, e.to)) graph.addEdge(e.from, e.to, { size: edgeSize(e), kind: e.kind });
      // A large graph is drawn with the cheapest programs (points, one-pixel lines) and without edges or labels while it moves: a software-rendered WebGL keeps its frames short too.
      const large = graph.order > 500;
      const sigma = new Sigma(graph, el, {
        renderEdgeLabels: false,
        labelRenderedSizeThreshold: small ? 0 : 9,
        hideEdgesOnMove: large,
        hideLabelsOnMove: large,
        defaultEdgeType: large ? "line" : "arrow",
        ...(large ? { defaultNodeType: "point", nodeProgramClasses: { point: NodePointProgram }, edgeProgramClasses: { line: EdgeLineProgram } } : {}),
        nodeReducer: (node, attrs) => {
          const { selected: sel, shown, dark: isDark } = view.current;
          const c = isDark ? COLOURS.dark : COLOURS.light;
          const lit = sel === null || node === sel || graph.areNeighbors(node, sel);
          const colour = node === sel ? c.selected : attrs.down ? c.unreachable : attrs.kind === "service" ? c.service : c.application;
          return { ...attrs, color: lit ? colour : c.dim, hidden: shown !== null && !shown.has(node) && node !== sel, label: lit ? attrs.label : "", forceLabel: (sel !== null && lit) || (shown !== null && shown.size <= 60), zIndex: node === sel ? 2 : lit ? 1 : 0 };
        },
        edgeReducer: (edge, attrs) => {
          const { selected: sel, shown, dark: isDark } = view.current;
          const c = isDark ? COLOURS.dark : COLOURS.light;
          const s = graph.source(edge);
          const t = graph.target(edge);
          const lit = sel === null || s === sel || t === sel;
          return { ...attrs, color: lit ? c.edge : c.dim, hidden: shown !== null && !(shown.has(s) && shown.has(t)) };
        },
        labelColor: { color: view.current.dark ? COLOURS.dark.label : COLOURS.light.label },
      });
      sigma.once("afterRender", () => {
        el.dataset.state = "ready";
        performance.mark("topology-ready");
      });
      sigma.on("clickNode", ({ node }) => select.current(node));
      sigma.on("clickStage", () => select.current(null));
      renderer.current = sigma;
      if (graph.order > 1) {
        const layout = new FA2Layout(graph, { settings: { ...forceAtlas2.inferSettings(graph), barnesHutOptimize: graph.order > 500 } });
        layout.start();
        const timer = setTimeout(() => layout.stop(), LAYOUT_MS);
        stopLayout = () => {
          clearTimeout(timer);
          layout.kill();
        };
      }
    })();
    return () => {
      cancelled = true;
      stopLayout?.();
      renderer.current?.kill();
      renderer.current = null;
    };
  }, [data]);

  // Selection, filter and theme change only what the reducers answer (one refresh at the next frame).
  useEffect(() => {
    renderer.current?.scheduleRefresh();
  }, [selected, filter, dark]);

  return <div ref={container} className="h-[28rem] w-full min-w-0 rounded-lg border border-zinc-200 bg-white sm:h-[36rem] dark:border-zinc-800 dark:bg-zinc-950" data-testid="topology-canvas" data-state="loading" data-nodes={data.nodes.length} data-edges={data.edges.length} role="img" aria-label={`Dependency graph: ${data.nodes.length} nodes, ${data.edges.length} edges`} />;
}

/** An edge's width: by its call rate when metrics give one (a busy edge reads thicker), else by its registrations. */
function edgeSize(e: { count: number; rate?: number }): number {
  return e.rate !== undefined ? Math.min(6, 0.5 + Math.log2(e.rate + 1)) : Math.min(4, 0.5 + Math.log2(e.count + 1) / 2);
}
