/** The printed lines of registry-bench.ts for one registry size: each figure with its goal (registry-goals.ts). */
import { READ_CONCURRENCY } from "@/server/registry/registry-view";
import { median } from "./bench-process";
import type { InProcessStage } from "./churn";
import type { ChurnResult, ProbeLatencies } from "./churn-run";
import type { HttpFigures } from "./console-http";
import { type Goals, goal } from "./registry-goals";
import type { RegistryShape } from "./populate";

/** One peer's full reads: wall time, its own CPU time, and the ZooKeeper server's CPU time per read. */
export interface Reads {
  wall: number[];
  cpu: number[];
  server: number[];
}

/** Everything measured at one size. */
export interface Figures {
  raw: Reads;
  view: number[];
  catalog: number[];
  console: Reads;
  java: Reads;
  rss: { syncMs: number; rssSynced: number; rssSettled: number; maxRss: number; heapUsed: number }[];
  churn: ChurnResult<InProcessStage> | null;
  http: HttpFigures | null;
}

/** What the report says around the figures. */
export interface Setting {
  shape: RegistryShape;
  urls: number;
  rounds: number;
  populateMs: number;
  goals: Goals;
  /** Load averages, as printed. */
  load: { start: string; http: string; end: string };
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const msText = (ms: number, digits = 0) => `${ms.toFixed(digits)} ms`;
const withGoal = (figure: string, goalText: string) => (goalText ? `${figure} ${goalText}` : figure);
const probeText = (l: ProbeLatencies) => `${l.p50Ms.toFixed(0)} / ${l.p95Ms.toFixed(0)} / ${l.maxMs.toFixed(0)} ms${l.missed ? ` (${l.missed} not seen within 5 s)` : ""}`;

function syncLines(s: Setting, f: Figures): string[] {
  const raw = median(f.raw.wall);
  const java = median(f.java.wall);
  const ms = (xs: number[]) => `${median(xs).toFixed(0).padStart(6)} ms [${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)}]`.padEnd(22);
  const vs = (xs: number[]) => `${(median(xs) / raw).toFixed(2)}x raw, ${(median(xs) / java).toFixed(2)}x java`;
  const cpu = (r: Reads) => `${median(r.cpu).toFixed(0).padStart(5)} ms, server ${median(r.server).toFixed(0).padStart(5)} ms`;
  const sync = median(f.console.wall);
  const ratio = (x: number) => `${x.toFixed(2)}x`;
  const goals = [
    goal(sync / raw, s.goals.syncVsRaw, (x) => `${ratio(x)} raw`, true),
    goal(sync / java, s.goals.syncVsJava, (x) => `${ratio(x)} java`, true),
    goal(sync, s.goals.syncMs, (x) => `${(x / 1000).toFixed(0)} s`),
  ].filter(Boolean);
  return [
    `  full sync, median of ${s.rounds} rounds [min-max], each in its own process after a warm-up round;`,
    `  wall time | CPU time of the reading process (Java: all its threads) and of the ZooKeeper server, medians:`,
    `    raw node-zookeeper-client read + watches : ${ms(f.raw.wall)}               | ${cpu(f.raw)}`,
    `    java ZooKeeper client (TreeReader)       : ${ms(f.java.wall)} ${(java / raw).toFixed(2)}x raw      | ${cpu(f.java)}`,
    `    console: view synced                     : ${ms(f.view)} ${vs(f.view)}`,
    `    console: view + app-level discovery      : ${ms(f.console.wall)} ${vs(f.console.wall)} | ${cpu(f.console)}`,
    `      against the goals                      : ${goals.join(" ")}`,
    `    then the catalog built (first list)      : ${median(f.catalog).toFixed(0).padStart(6)} ms more`,
  ];
}

function inProcessLines(s: Setting, f: Figures): string[] {
  const at = (pick: (r: Figures["rss"][number]) => number) => median(f.rss.map(pick));
  const lines = [
    `  console engine alone in a Node process, after one sync, as it starts (median of ${f.rss.length}; disk cache on):`,
    `    first sync, cold JIT                     : ${at((r) => r.syncMs).toFixed(0)} ms`,
    `    RSS when synced / settled / peak         : ${mb(at((r) => r.rssSynced))} / ${mb(at((r) => r.rssSettled))} / ${mb(at((r) => r.maxRss))} (JS heap used ${mb(at((r) => r.heapUsed))}); settled ${goal(at((r) => r.rssSettled), s.goals.rssBytes, mb)}`,
  ];
  const c = f.churn;
  if (c) {
    lines.push(
      `  churn inside that engine: ${c.rate} provider changes/s asked (${c.achievedRate.toFixed(0)}/s acknowledged), ${c.probes} probes into ${c.probeServices} services the load leaves alone; p50 / p95 / max from the write:`,
      `    to the view's change event               : ${probeText(c.latencies.view)}`,
      `    to the event for /api/v1/events (bus)    : ${probeText(c.latencies.events)}`,
      `    engine's CPU meanwhile (disk cache on)   : ${c.cpuCores.toFixed(2)} cores`,
    );
  }
  return lines;
}

function httpLines(s: Setting, h: HttpFigures): string[] {
  const g = s.goals;
  const lines = [
    `  the built console (next start, disk cache on) measured from outside over HTTP; load average at its start ${s.load.http}:`,
    `    ready (launch to every service listed)   : ${(h.readyMs / 1000).toFixed(1)} s`,
    `    search over HTTP, ${h.search.rounds} requests each, one at a time (accept-encoding ${h.search.encoding}), median / p95:`,
    ...h.search.searches.map((x) => `      ${`${x.name} (${x.found} found)`.padEnd(38)} : ${x.medianMs.toFixed(2)} / ${x.p95Ms.toFixed(2)} ms`),
    `      all searches                           : median ${msText(h.search.all.medianMs, 2)}, p95 ${msText(h.search.all.p95Ms, 2)} ${goal(h.search.all.p95Ms, g.searchP95Ms, (x) => msText(x))}`,
    `    RSS of its processes after the searches  : ${mb(h.rss.rss)}, peak ${mb(h.rss.peak)} ${goal(h.rss.rss, g.rssBytes, mb)}`,
  ];
  const p = h.page;
  if (p) {
    lines.push(
      `    Services page in Chromium 1400x900, median of ${p.visits} visits, from navigation start:`,
      `      html / first contentful paint / virtual table ready: ${msText(p.htmlMs)} (${(p.htmlBytes / 1024).toFixed(0)} KB) / ${withGoal(msText(p.firstRenderMs), goal(p.firstRenderMs, g.firstRenderMs, (x) => msText(x)))} / ${msText(p.virtualMs)}`,
      `      scrolled through all, a screen a frame : ${p.scroll.frames} frames, at most ${p.scroll.maxRows} rows in the page, frame p95 ${msText(p.scroll.p95FrameMs)}, longest ${msText(p.scroll.longestFrameMs)}, last row ${p.scroll.lastKey}`,
    );
  }
  const c = h.churn;
  lines.push(
    `    churn: ${c.rate} provider changes/s asked (${c.achievedRate.toFixed(0)}/s acknowledged), ${c.probes} probes into ${c.probeServices} services the load leaves alone, ${c.events} events streamed${c.resets ? `, ${c.resets} resets` : ""}:`,
    `      write to the SSE event naming its service: p50 / p95 / max ${probeText(c.latencies.sse)} ${goal(c.latencies.sse.p95Ms, g.churnP95Ms, (x) => `${x.toFixed(0)} ms`)}`,
    `      console's CPU meanwhile (its processes): ${c.cpuCores.toFixed(2)} cores ${goal(c.cpuCores, g.churnCores, (x) => `${x.toFixed(0)} core`)}`,
  );
  return lines;
}

export function report(s: Setting, f: Figures): string[] {
  const { shape } = s;
  return [
    `registry: ${shape.services} services, ${s.urls} URLs (${shape.providersPerService} providers + ${shape.consumersPerService} consumers each), ${shape.services * 5 + 1} watched paths, ${READ_CONCURRENCY} reads in flight`,
    `  load average (1 5 15 min) at start / end   : ${s.load.start} / ${s.load.end}`,
    `  populate (pipelined multi ops)             : ${(s.populateMs / 1000).toFixed(1)} s`,
    ...syncLines(s, f),
    ...inProcessLines(s, f),
    ...(f.http ? httpLines(s, f.http) : []),
  ];
}
