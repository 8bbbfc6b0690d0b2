import type { DubboUrl } from "@/lib/dubbo/url";
import { type Logger, silentLogger } from "../runtime/logger";
import type { CallEnvironment } from "./cluster-call";
import { type Clock, type RandomSource, systemClock } from "./clock";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import type { CenterConfigurators } from "./config-center-overrides";
import type { TagRule } from "@/lib/tag/tag-rule";
import type { BalanceContext } from "./load-balance/load-balance";
import { LoadBalances } from "./load-balance/load-balances";
import { RpcStats } from "./rpc-stats";

/**
 * What every cluster of one engine shares: the release mirrored, time, chance, call
 * statistics (RpcStatus), the load balance instances (with their state) and the log.
 * Java keeps these in static fields and extension singletons; here one object per engine.
 */
export interface ClusterEnv extends CallEnvironment, BalanceContext {
  readonly loadBalances: LoadBalances;
  /** The config-center configurators of one registry (by its source) that a consumer holds now; none: only the registry's. */
  readonly centerConfigurators?: CenterConfiguratorsLookup;
  /** The config-center tag rules of one registry (by its source) that a consumer holds now; none: no rule anywhere. */
  readonly centerTagRules?: CenterTagRulesLookup;
}

/** The `{application}.tag-router` rule a consumer holds in `registry` (its source), read at every call; null: none. */
export type CenterTagRulesLookup = (registry: string, application: string) => TagRule | null;

/** The config-center configurators a consumer holds in `registry` (its source), read at every call; undefined: none. */
export type CenterConfiguratorsLookup = (registry: string, consumer: DubboUrl) => CenterConfigurators | undefined;

export interface ClusterEnvOptions {
  readonly dialect?: DubboRelease;
  readonly clock?: Clock;
  readonly random?: RandomSource;
  readonly logger?: Logger;
  readonly centerConfigurators?: CenterConfiguratorsLookup;
  readonly centerTagRules?: CenterTagRulesLookup;
}

/** An environment: 3.x, the system clock, Math.random, no log unless given. */
export function createClusterEnv(options: ClusterEnvOptions = {}): ClusterEnv {
  const base = {
    dialect: options.dialect ?? "3.x",
    clock: options.clock ?? systemClock,
    random: options.random ?? Math.random,
    logger: options.logger ?? silentLogger,
    stats: new RpcStats(),
  } as const;
  const center = options.centerConfigurators ? { centerConfigurators: options.centerConfigurators } : {};
  const tags = options.centerTagRules ? { centerTagRules: options.centerTagRules } : {};
  return { ...base, ...center, ...tags, loadBalances: new LoadBalances(base) };
}
