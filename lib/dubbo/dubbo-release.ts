/**
 * The Dubbo release whose Java classes the engine mirrors where 2.7.23 and 3.3 differ: the
 * one name for what the condition routes, the cluster, `URL.valueOf` and the configurators
 * each call their release. Real consumers differ, so every answer names the one it stands
 * for:
 * - `"2.7"`: Dubbo 2.7.23 (and 3.0.0–3.0.5 for condition routes): `ConditionRouter`, the
 *   router obeying the registry's `routers` category; 2.7.23's `URL.valueOf`, cluster and
 *   `ConfiguratorFactory`/`AbstractConfigurator`;
 * - `"3.x"`: Dubbo 3.3(.6): `ConditionStateRouter` behind config-center `*.condition-router`
 *   rules (3.1+ consumers ignore the `routers` category), 3.3's `URL.valueOf` (valueless
 *   parameters), cluster and configurators.
 *
 * The console's own consumer is neither, so it takes one; `"3.x"` unless configured. Where
 * the clusters differ (each file of server/cluster/ names its Java source): warm-up weight
 * (2.7.23 `round((uptime/warmup)² · weight)`, 3.3 `(int)(uptime / ((float) warmup / weight))`);
 * random (3.3 skips the weights when the first provider has neither `weight` nor
 * `timestamp`); shortestresponse (3.3 averages over a 30 s sliding window, 2.7.23 over all
 * time); consistenthash (2.7.23 moves a key off a provider holding 1.5x its share of calls);
 * reselect (3.3 samples 10 providers at random when there are more); broadcast
 * (`broadcast.fail.percent` counts the failure before (3.3) or after (2.7.23) comparing);
 * forking (3.3 waits `timeout` ms for the first answer, 2.7.23 as long as the forks take);
 * `{method}.{key}` parameters with a `methods` list (URL.toMethodParameters / URLParam); no
 * provider (2.7.23's failsafe and failback swallow it (null), 3.3 fails every strategy).
 */
export type DubboRelease = "2.7" | "3.x";

/** Both releases, in the order the console shows them. */
export const DUBBO_RELEASES: readonly DubboRelease[] = ["2.7", "3.x"];
