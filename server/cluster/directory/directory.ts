import type { DubboUrl } from "@/lib/dubbo/url";
import type { Invocation, Invoker } from "../invoker";

/**
 * Where a cluster gets its providers from: Java's `Directory`. A registry directory
 * follows the live registry view and applies the routes; a static one holds a fixed list
 * (a direct connection, a pinned provider).
 */
export interface Directory {
  /** The service's key, `group/interface:version`, for messages. */
  readonly service: string;
  /** The consumer's URL: the settings the cluster reads for itself (retries, forks, cluster, …). */
  readonly consumerUrl: DubboUrl;
  /** The providers for one call, routed, in a stable order (possibly none). */
  list(invocation: Invocation): readonly Invoker[];
  /** Why {@link list} answered none, in words, for the no-provider message. */
  whyEmpty(): string;
  /** Whether any provider is available (Java's Directory.isAvailable). */
  isAvailable(): boolean;
}

/** A fixed list of providers, no routes: a direct connection (`dubbo://host:port`) or one pinned provider (Java's StaticDirectory). */
export class StaticDirectory implements Directory {
  constructor(
    readonly service: string,
    readonly consumerUrl: DubboUrl,
    private readonly invokers: readonly Invoker[],
  ) {}

  list(): readonly Invoker[] {
    return this.invokers;
  }

  whyEmpty(): string {
    return "the list of providers given is empty";
  }

  isAvailable(): boolean {
    return this.invokers.some((i) => i.isAvailable());
  }
}
