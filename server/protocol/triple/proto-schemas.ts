import { isConsoleError } from "@/lib/errors";
import { RemoteError } from "@/server/errors/invoke-errors";
import { askReflection, reflectFiles } from "./grpc-reflection";
import { fileHeader, type ProtoService, protoServiceOf } from "./proto-schema";
import type { TripleClient } from "./triple-client";

/** How long a provider's answer is kept: its service list, and each service's files. */
const KEEP_MS = 60_000;
/** How long a provider that could not be asked (down, or a failed read) is left alone. */
const FAILED_KEEP_MS = 10_000;
/** One reflection question's deadline. */
const ASK_MS = 3_000;
/** At most this many providers are asked for one service. */
const MAX_ASKED = 3;

type Listed = { readonly at: number; readonly keep: number; readonly services: ReadonlySet<string> };

/**
 * The protobuf (IDL) services the console's `tri://` providers describe through gRPC server
 * reflection (issue 19). A provider is asked for its service list once a minute at most,
 * and for a listed service's files once a minute at most; a provider without reflection
 * (UNIMPLEMENTED) is read as describing none. Only providers the registry lists are asked:
 * the caller passes their addresses.
 */
export class ProtoSchemas {
  private readonly listed = new Map<string, Listed>();
  private readonly described = new Map<string, { at: number; service: ProtoService | null }>();
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(
    private readonly clientOf: (address: string) => TripleClient,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The service `name` as the first of `addresses` that lists it describes it; null when
   * none lists it (or none can be asked). Never throws for what a provider answers.
   */
  async of(name: string, addresses: readonly string[]): Promise<{ readonly address: string; readonly service: ProtoService } | null> {
    const asked = addresses.slice(0, MAX_ASKED);
    // Asked together, so one provider that does not answer costs one deadline, not one each.
    const lists = await Promise.all(asked.map((address) => this.servicesOf(address)));
    for (const [i, address] of asked.entries()) {
      if (!lists[i]!.has(name)) continue;
      const service = await this.describe(address, name);
      if (service !== null) return { address, service };
    }
    return null;
  }

  private once<T>(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key);
    if (running) return running as Promise<T>;
    const p = work().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, p);
    return p;
  }

  private async servicesOf(address: string): Promise<ReadonlySet<string>> {
    const kept = this.listed.get(address);
    if (kept && this.now() - kept.at < kept.keep) return kept.services;
    return this.once(`list ${address}`, async () => {
      let services: ReadonlySet<string> = new Set();
      let keep = KEEP_MS;
      try {
        const answer = await askReflection(this.clientOf(address), { listServices: true }, ASK_MS);
        if (answer.kind === "services") services = new Set(answer.names);
      } catch (e) {
        if (!isConsoleError(e)) throw e;
        // UNIMPLEMENTED (12) or NOT_FOUND (5) is an answer: the provider serves no reflection. Anything else is tried again sooner.
        if (!(e instanceof RemoteError && (e.status === 12 || e.status === 5))) keep = FAILED_KEEP_MS;
      }
      this.listed.set(address, { at: this.now(), keep, services });
      return services;
    });
  }

  private async describe(address: string, name: string): Promise<ProtoService | null> {
    const key = `${address} ${name}`;
    const kept = this.described.get(key);
    if (kept && this.now() - kept.at < (kept.service === null ? FAILED_KEEP_MS : KEEP_MS)) return kept.service;
    return this.once(`describe ${key}`, async () => {
      let service: ProtoService | null = null;
      try {
        const files = await reflectFiles(this.clientOf(address), name, ASK_MS, fileHeader);
        service = files === null ? null : protoServiceOf(files, name);
      } catch (e) {
        if (!isConsoleError(e)) throw e;
      }
      this.described.set(key, { at: this.now(), service });
      return service;
    });
  }
}
