import type { ChainView as Chain } from "@/lib/api/routing/route-preview";
import { cn } from "@/lib/cn";
import { Badge } from "../ui/badge";
import { providerAddress } from "@/lib/dubbo/provider-address";

/** The service's routes in the order Dubbo runs them, each on what the previous one left, for the preview's consumer. */
export function ChainView({ chain }: { chain: Chain }) {
  return (
    <div className="space-y-2" data-testid="preview-chain">
      <ol className="space-y-2">
        {chain.steps.map((s, i) => (
          <li
            key={`${i} ${s.id ?? "draft"}`}
            className={cn("rounded-lg border p-2.5 text-xs", s.draft ? "border-brand-500 bg-brand-50/60 dark:border-sky-700 dark:bg-sky-950/30" : "border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900")}
            data-chain-step={s.draft ? "draft" : s.name}
          >
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{i + 1}. {s.draft ? "This route (draft)" : s.name}</span>
              <Badge>priority {s.priority}</Badge>
              {s.skipped === null ? (
                <span className="tabular-nums text-zinc-600 dark:text-zinc-400">
                  {s.input} → {s.output} providers
                </span>
              ) : (
                <Badge tone="warn">skipped</Badge>
              )}
            </div>
            <p className="mt-1 text-zinc-700 dark:text-zinc-300">{s.summary}</p>
            {s.dropped.length > 0 && (
              <p className="mt-1 text-zinc-500 [overflow-wrap:anywhere] dark:text-zinc-400">
                Drops {s.dropped.slice(0, 10).map((d) => providerAddress(d.url)).join(", ")}
                {s.input - s.output > 10 && ` and ${s.input - s.output - 10} more`}
              </p>
            )}
          </li>
        ))}
      </ol>
      <p className="text-xs text-zinc-700 dark:text-zinc-300" data-chain-result={chain.resultCount}>
        In the end the consumer gets {chain.resultCount === 0 ? "no provider" : `${chain.resultCount}: ${chain.result.slice(0, 10).map(providerAddress).join(", ")}${chain.resultCount > 10 ? "…" : ""}`}.
      </p>
      {chain.left.length > 0 && (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">Not in the chain: {chain.left.map((l) => `${l.name} (${l.why})`).join("; ")}.</p>
      )}
    </div>
  );
}
