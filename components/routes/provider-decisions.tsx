import type { RoutePreviewResponse } from "@/lib/api/route-preview";
import { Badge } from "../ui/badge";
import { providerAddress } from "./provider-address";

/** Every provider of the preview, kept or dropped, with the reason in words and the URL on request. */
export function ProviderDecisions({ providers }: { providers: RoutePreviewResponse["providers"] }) {
  if (providers.length === 0) return <p className="text-sm text-zinc-500 dark:text-zinc-400">The service has no provider to route.</p>;
  return (
    <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900" data-testid="preview-providers">
      {providers.map((p, i) => (
        <li key={`${i} ${p.url}`} className="space-y-1 px-3 py-2" data-preview-provider={p.url} data-kept={p.kept}>
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={p.kept ? "good" : "bad"}>{p.kept ? "kept" : "dropped"}</Badge>
            <span className="font-mono text-xs [overflow-wrap:anywhere]">{providerAddress(p.url)}</span>
          </div>
          <p className="text-xs text-zinc-700 [overflow-wrap:anywhere] dark:text-zinc-300" data-reason>
            {p.reason.replace(/^(kept|dropped): /, "")}
          </p>
        </li>
      ))}
    </ul>
  );
}
