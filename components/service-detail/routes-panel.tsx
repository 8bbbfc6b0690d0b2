import type { ServiceDetail } from "@/lib/api/catalog-entities";
import { Badge } from "../ui/badge";
import { CopyButton } from "../ui/copy-button";

/** Raw URLs of the service's `routers` or `configurators` categories (configurators have no editor yet); nothing when there are none. */
export function RoutesPanel({ routes }: { routes: ServiceDetail["routes"] }) {
  if (routes.length === 0) return null;
  return (
    <ul className="mt-6 space-y-2" data-testid="routes-list" aria-label="Configurator URLs">
      {routes.map((r) => (
        <li key={`${r.registry} ${r.category} ${r.url}`} className="flex items-start gap-2 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900">
          <div className="min-w-0 flex-1 space-y-1.5">
            <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
              <Badge>{r.category}</Badge>
              <span className="font-mono [overflow-wrap:anywhere]">{r.registry}</span>
            </div>
            <p className="font-mono text-xs break-all">{r.url}</p>
          </div>
          <CopyButton text={r.url} label="Copy URL" />
        </li>
      ))}
    </ul>
  );
}
