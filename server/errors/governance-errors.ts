/**
 * Errors of the governance services (server/governance, server/registry): ZooKeeper out of
 * reach, a stale revision, a save that would strand consumers. Thrown by the server only, so
 * kept out of lib/errors.ts (which browser code imports); each is a ConsoleError with a code
 * of ERROR_CODES, mapped by app/api/_lib/http-status.ts.
 */
import { ConsoleError, type StrandedConsumer, strandedInWords } from "@/lib/errors";

/** The registry is not connected (or never synced), so the answer would be a guess. */
export class RegistryUnavailableError extends ConsoleError {
  constructor(message: string, details?: Readonly<Record<string, unknown>>, options?: { cause?: unknown }) {
    super("registry_unavailable", message, details, options);
    this.name = "RegistryUnavailableError";
  }
}

/**
 * The change was based on a state that is no longer current (a route edited or deleted
 * since the client read it), or would clash with what exists (a second route of the same
 * name): nothing was written. Reload, then decide again.
 */
export class ConflictError extends ConsoleError {
  constructor(message: string, details?: Readonly<Record<string, unknown>>) {
    super("conflict", message, details);
    this.name = "ConflictError";
  }
}

/**
 * A route change would leave registered consumers with no provider (their providers go
 * from some to none): refused unless the body says `"allowStranding": true`. `consumers`
 * names them; nothing was written.
 */
export class StrandsConsumersError extends ConsoleError {
  constructor(readonly consumers: readonly StrandedConsumer[]) {
    super("strands_consumers", `${strandedInWords(consumers)}; nothing was saved. Send "allowStranding": true to save anyway`, { consumers });
    this.name = "StrandsConsumersError";
  }
}
