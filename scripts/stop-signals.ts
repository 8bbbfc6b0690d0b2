/** The signals that ask a foreground program to stop: Ctrl-C, `kill`, its terminal closing. */
export const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const satisfies readonly NodeJS.Signals[];

/**
 * Signals within this long of the first are the same request delivered again: a terminal's
 * Ctrl-C reaches every process of the foreground job, and launchers such as npm relay it
 * to their child as well, so one press can arrive two or three times.
 */
export const REPEAT_WINDOW_MS = 2_000;

/** What to do when asked to stop. */
export interface StopSignalHandlers {
  /** Runs once, on the first stop signal; starts an orderly stop. */
  stop(signal: NodeJS.Signals): void;
  /** Runs once, on a stop signal REPEAT_WINDOW_MS or more after the first: the user insists. */
  escalate(signal: NodeJS.Signals): void;
}

/** Where the signals come from: `process`, or a stand-in in tests. */
export interface SignalSource {
  on(event: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
  off(event: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
}

/**
 * Listens for STOP_SIGNALS for as long as the process lives. Because a listener is always
 * installed, no repeat of a signal can end the process by Node's default action (which
 * would orphan whatever it started); repeats inside the window are ignored, a later one
 * escalates, and any after that are ignored too. Returns a function that stops listening.
 */
export function handleStopSignals(handlers: StopSignalHandlers, source: SignalSource = process, now: () => number = Date.now): () => void {
  let firstAt: number | undefined;
  let escalated = false;
  const listener = (signal: NodeJS.Signals) => {
    if (firstAt === undefined) {
      firstAt = now();
      handlers.stop(signal);
    } else if (!escalated && now() - firstAt >= REPEAT_WINDOW_MS) {
      escalated = true;
      handlers.escalate(signal);
    }
  };
  for (const signal of STOP_SIGNALS) source.on(signal, listener);
  return () => {
    for (const signal of STOP_SIGNALS) source.off(signal, listener);
  };
}
