import type { Stale } from "../api/registry-state";
import { formatAgo } from "./relative-time";

/** A registry whose last complete view is served rather than a live one, as GET /api/v1/services lists it. */
export interface StaleRegistry extends Stale {
  registry: string;
}

/**
 * The sentences that tell an operator the list is not live, why, and how old it is:
 * "Showing the registry as it was 42 s ago: zookeeper://zk:2181 is not answering. Last
 * error: no answer from zk:2181 for 8000 ms." `lastError` is the registry's last
 * connection failure; it is named only when it happened while the view was stale.
 */
export function describeStaleView(stale: StaleRegistry, lastError: { at: number; message: string } | null, ageMs = stale.ageMs): string {
  const head = `Showing the registry as it was ${formatAgo(ageMs)}: ${stale.registry}`;
  switch (stale.reason) {
    case "disconnected": {
      const cause = lastError && lastError.at >= stale.since ? ` Last error: ${lastError.message}.` : "";
      return `${head} is not answering.${cause}`;
    }
    case "rereading":
      return `${head} is re-reading after a new session.`;
    case "cached": {
      const cause = lastError ? ` Last error: ${lastError.message}.` : "";
      return `${head}, saved on disk: it has not been reached since the console started.${cause}`;
    }
  }
}

/**
 * The same fact on the registry's own card, where the registry is already named:
 * "Showing the last complete view, as it was 42 s ago: ZooKeeper is not answering."
 */
export function describeStaleMarker(stale: Stale, ageMs = stale.ageMs): string {
  const head = `Showing the last complete view, as it was ${formatAgo(ageMs)}`;
  switch (stale.reason) {
    case "disconnected":
      return `${head}: ZooKeeper is not answering.`;
    case "rereading":
      return `${head}: a new session is re-reading the tree.`;
    case "cached":
      return `${head}: loaded from the disk cache; ZooKeeper has not been reached since the console started.`;
  }
}
