import type { DubboUrl } from "@/lib/dubbo/url";
import type { Invocation, Invoker } from "../invoker";
import type { TagRouteReport } from "./tag-route-step";

/** What a directory's routing did for one listing, for the call's answer. */
export interface Routing {
  /** The tag router's step; null when it did not run (no provider left before it, or a directory without routers). */
  readonly tagRoute: TagRouteReport | null;
}

/** Hears how one listing was routed. */
export type ListObserver = (routing: Routing) => void;

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
  /** The providers for one call, routed, in a stable order (possibly none); `observe` hears how they were routed. */
  list(invocation: Invocation, observe?: ListObserver): readonly Invoker[];
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

  list(_invocation?: Invocation, observe?: ListObserver): readonly Invoker[] {
    observe?.({ tagRoute: null });
    return this.invokers;
  }

  whyEmpty(): string {
    return "the list of providers given is empty";
  }

  isAvailable(): boolean {
    return this.invokers.some((i) => i.isAvailable());
  }
}
