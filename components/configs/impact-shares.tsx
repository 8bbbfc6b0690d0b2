import type { ProviderActionImpact } from "@/lib/override/editor/provider-action-impact";

const percent = (n: number) => `${Math.round(n)}%`;

function consumerName(c: ProviderActionImpact["affected"][number]) {
  return `${c.application || c.host} (${c.host}${c.release ? `, Dubbo ${c.release}` : ""})`;
}

/** The impact of a provider action in words: who loses (or gets back) the provider, who is left with none, and the shares of the calls before and after. */
export function ImpactShares({ impact, kind, address }: { impact: ProviderActionImpact; kind: "offline" | "online" | "weight"; address: string }) {
  const who = impact.affected.map(consumerName);
  return (
    <div className="space-y-2" data-testid="provider-impact" data-strands={impact.strands}>
      {impact.affected.length === 0 ? (
        <p>No consumer of this service is registered now; consumers that come later obey it too.</p>
      ) : (
        <div>
          <p>{kind === "offline" ? `These consumers lose ${address}:` : kind === "online" ? `These consumers get ${address} back:` : "These consumers' calls are shared anew:"}</p>
          <ul className="list-disc pl-5" data-testid="impact-consumers">
            {who.map((w) => (
              <li key={w} className="[overflow-wrap:anywhere]">
                {w}
              </li>
            ))}
          </ul>
        </div>
      )}
      {impact.strands && (
        <p className="font-medium text-red-700 dark:text-red-300" data-testid="impact-strands">
          It is their last usable provider: they are left with none and their calls fail until one is back.
        </p>
      )}
      {impact.shares.length > 0 && (
        <table className="w-full text-xs tabular-nums" data-testid="impact-shares">
          <thead>
            <tr className="text-left text-zinc-500 dark:text-zinc-400">
              <th className="font-medium">Provider</th>
              <th className="text-right font-medium">Calls now</th>
              <th className="text-right font-medium">After</th>
            </tr>
          </thead>
          <tbody>
            {impact.shares.map((s) => (
              <tr key={s.address} data-share={s.address}>
                <td className="font-mono [overflow-wrap:anywhere]">{s.address}</td>
                <td className="text-right">{percent(s.before)}</td>
                <td className="text-right">{percent(s.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="text-xs text-zinc-600 dark:text-zinc-400">Worked out from the providers listed now (random load balance, routes not applied).</p>
    </div>
  );
}
