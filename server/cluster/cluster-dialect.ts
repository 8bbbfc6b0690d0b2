/**
 * Which Java release's cluster the engine mirrors where Dubbo 2.7.23 and 3.3 differ. The
 * console's consumer is neither, so it takes one; `"3.x"` unless configured.
 *
 * Where they differ (each file names its Java source):
 * - warm-up weight: 2.7.23 `round((uptime/warmup)² · weight)`, 3.3 `(int)(uptime / ((float) warmup / weight))`;
 * - random: 3.3 skips the weights when the first provider has neither `weight` nor `timestamp`;
 * - shortestresponse: 3.3 averages over a 30 s sliding window, 2.7.23 over all time;
 * - consistenthash: 2.7.23 moves a key off a provider holding 1.5x its share of calls;
 * - reselect: 3.3 samples 10 providers at random when there are more;
 * - broadcast: `broadcast.fail.percent` counts the failure before (3.3) or after (2.7.23) comparing;
 * - forking: 3.3 waits `timeout` ms for the first answer, 2.7.23 as long as the forks take;
 * - `{method}.{key}` parameters with a `methods` list (URL.toMethodParameters / URLParam);
 * - no provider: 2.7.23's failsafe and failback swallow it (null), 3.3 fails every strategy.
 */
export type ClusterDialect = "2.7" | "3.x";
