import { ChevronRight } from "lucide-react";
import type { ServiceDetail } from "@/lib/api/catalog-entities";
import { Badge } from "../ui/badge";
import { CopyButton } from "../ui/copy-button";
import { VisibleText } from "../ui/visible-text";

interface RawUrl {
  side: "provider" | "consumer";
  address: string;
  url: string;
  parameters: Record<string, string>;
}

/** Every provider and consumer URL of the service, decoded, each with a copy button and its parameters as a key/value table. */
export function RawUrlsPanel({ service }: { service: ServiceDetail }) {
  const urls: RawUrl[] = [
    ...service.providers.map((p) => ({ side: "provider" as const, address: p.address, url: p.url, parameters: p.parameters })),
    ...service.consumers.map((c) => ({ side: "consumer" as const, address: c.address, url: c.url, parameters: c.parameters })),
  ];
  if (urls.length === 0) return <p className="text-sm text-zinc-500">No provider or consumer URL is registered.</p>;
  return (
    <ul className="space-y-2" data-testid="raw-urls">
      {urls.map((u) => (
        <li key={`${u.side} ${u.url}`} data-raw-url={u.url} className="rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
          <div className="flex items-start gap-2 p-3">
            <div className="min-w-0 flex-1 space-y-1.5">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={u.side === "provider" ? "good" : "neutral"}>{u.side}</Badge>
                <span className="font-mono text-xs text-zinc-600 dark:text-zinc-400">
                  <VisibleText text={u.address} />
                </span>
              </div>
              <p className="font-mono text-xs break-all text-zinc-800 dark:text-zinc-200">
                <VisibleText text={u.url} />
              </p>
            </div>
            <CopyButton text={u.url} label="Copy URL" />
          </div>
          <details className="group border-t border-zinc-100 dark:border-zinc-800">
            <summary className="flex cursor-pointer list-none items-center gap-1.5 px-3 py-1.5 text-xs text-zinc-600 dark:text-zinc-400 [&::-webkit-details-marker]:hidden">
              <ChevronRight className="h-3.5 w-3.5 transition-transform group-open:rotate-90" aria-hidden />
              {Object.keys(u.parameters).length} parameters, decoded
            </summary>
            <table className="w-full border-t border-zinc-100 font-mono text-xs dark:border-zinc-800" data-testid="url-parameters">
              <tbody>
                {Object.entries(u.parameters).map(([k, v]) => (
                  <tr key={k} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/70">
                    <th scope="row" className="w-1/3 px-3 py-1 text-left align-top font-normal break-all text-zinc-500 sm:w-56 dark:text-zinc-400">
                      <VisibleText text={k} />
                    </th>
                    <td className="px-3 py-1 break-all">
                      <VisibleText text={v} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </li>
      ))}
    </ul>
  );
}
