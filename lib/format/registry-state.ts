import type { RegistryState, RegistryStatus } from "../api/registry-state";

export type Tone = "good" | "warn" | "bad" | "neutral";

/** How a registry state reads to an operator: a short label, a tone and a sentence. */
export function describeRegistryState(state: RegistryState): { label: string; tone: Tone; detail: string } {
  switch (state.type) {
    case "connecting":
      return {
        label: "Unreachable",
        tone: "bad",
        detail:
          state.attempts > 0
            ? `No session; trying again (new client #${state.attempts}).`
            : "No session yet; trying every server of the ensemble in turn.",
      };
    case "connected":
      return { label: "Connected", tone: "good", detail: `Session 0x${state.sessionId} on ${state.server}.` };
    case "suspended":
      return { label: "Suspended", tone: "warn", detail: "Connection dropped; showing the last view while the session may still be alive." };
    case "lost":
      return { label: "Lost", tone: "bad", detail: `Session lost (${state.reason}); opening a new one and re-reading everything.` };
    case "closed":
      return { label: "Closed", tone: "neutral", detail: "The console closed this connection." };
  }
}

/**
 * How one registry reads in the header: its state, in amber whenever its last complete
 * view is being served instead of a live one (the console still answers, from the past),
 * so red means there is nothing to show. A connected registry reads "Syncing" before its
 * first full read and "Re-reading" while a new session re-reads the tree.
 */
export function summariseRegistry(r: RegistryStatus): { label: string; tone: Tone } {
  const { label, tone } = describeRegistryState(r.state);
  if (r.stale) return { label: tone === "good" ? "Re-reading" : label, tone: "warn" };
  if (tone === "good" && r.syncedAt === null) return { label: "Syncing", tone: "warn" };
  return { label, tone };
}

/** The worst registry, for the header indicator. */
export function summariseRegistries(registries: readonly RegistryStatus[]): { label: string; tone: Tone } {
  if (registries.length === 0) return { label: "No registry", tone: "bad" };
  const order: Tone[] = ["bad", "warn", "neutral", "good"];
  const worst = registries.map(summariseRegistry).reduce((a, b) => (order.indexOf(b.tone) < order.indexOf(a.tone) ? b : a));
  return { label: registries.length > 1 && worst.tone !== "good" ? `${worst.label} (1 of ${registries.length}+)` : worst.label, tone: worst.tone };
}
