import type { RegistryState } from "@/lib/api/registry-state";

/** How many state changes a registry remembers. */
export const STATE_HISTORY_LENGTH = 20;

/**
 * The last state changes of one registry connection, newest first, so the status page can
 * show what happened during an incident (suspended at 10:02, lost at 10:03, connected at
 * 10:05). A repeat of the newest entry's type (another `connecting` attempt while
 * ZooKeeper stays down) replaces that entry, keeping its `since`: the entry reads as one
 * period from its start, with the latest details.
 */
export class StateHistory {
  private readonly entries: RegistryState[] = [];

  constructor(private readonly max = STATE_HISTORY_LENGTH) {}

  record(state: RegistryState): void {
    const newest = this.entries[0];
    if (newest?.type === state.type) {
      this.entries[0] = { ...state, since: newest.since };
      return;
    }
    this.entries.unshift(state);
    if (this.entries.length > this.max) this.entries.length = this.max;
  }

  /** Newest first; the first entry is the current state's period. */
  list(): RegistryState[] {
    return [...this.entries];
  }
}
