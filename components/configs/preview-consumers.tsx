import type { ConfigPreviewResponse, PreviewConsumerRow } from "@/lib/api/overrides/config-preview";
import { Badge } from "../ui/badge";

/** A share of the calls (0..1); null: the provider takes none (the consumer does not keep it, or its weights cannot be read). */
const percent = (share: number | null) => (share === null ? "no calls" : `${Math.round(share * 100)}%`);

/** Stranded consumers first, then the changed ones, then the rest; each kept in the answer's order. */
function ordered(rows: readonly PreviewConsumerRow[]): PreviewConsumerRow[] {
  const rank = (r: PreviewConsumerRow) => (r.stranded ? 0 : r.changed ? 1 : 2);
  return rows.map((r, i) => ({ r, i })).sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i).map((x) => x.r);
}

function Shares({ row }: { row: PreviewConsumerRow }) {
  const { rows, others, othersCount } = row.shares;
  if (rows.length === 0) return null;
  return (
    <table className="mt-1 w-full text-xs tabular-nums" data-testid="preview-shares">
      <thead>
        <tr className="text-left text-zinc-500 dark:text-zinc-400">
          <th className="font-medium">Provider</th>
          <th className="text-right font-medium">Calls now → after</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((s) => (
          <tr key={s.address} data-preview-share={s.address}>
            <td className="font-mono [overflow-wrap:anywhere]">{s.address}</td>
            <td className="text-right whitespace-nowrap">
              {percent(s.before)} → {percent(s.after)}
            </td>
          </tr>
        ))}
        {othersCount > 0 && (
          <tr data-preview-share="others">
            <td>
              {othersCount} other{othersCount === 1 ? "" : "s"} together
            </td>
            <td className="text-right whitespace-nowrap">
              {percent(others.before)} → {percent(others.after)}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

/**
 * The server's preview of an override draft (POST /api/v1/configs/preview), consumer by
 * consumer: its sentence, who is left with no provider (first, marked), its release and the
 * shares of the calls before and after; then what the server could not judge exactly.
 */
export function PreviewConsumers({ answer }: { answer: ConfigPreviewResponse }) {
  return (
    <div className="space-y-2" data-testid="config-preview" data-stranded={answer.stranded.length}>
      {answer.consumers.length === 0 ? (
        <p>No consumer of this service is registered now; consumers that come later obey it too.</p>
      ) : (
        <ul className="space-y-2" data-testid="preview-consumers">
          {ordered(answer.consumers).map((c) => (
            <li key={c.consumer} data-preview-consumer={c.application || c.host} data-stranded={c.stranded} data-changed={c.changed} className={c.stranded ? "rounded-md border border-red-300 p-2 dark:border-red-800" : "rounded-md border border-zinc-200 p-2 dark:border-zinc-800"}>
              <div className="flex flex-wrap items-center gap-1">
                {c.stranded && <Badge tone="bad">no provider left</Badge>}
                <span className="text-xs text-zinc-500 dark:text-zinc-400 [overflow-wrap:anywhere]">
                  {c.host}
                  {c.release ? `, Dubbo ${c.release}` : ""} · {c.semantics} rules · keeps {c.usable.before} → {c.usable.after}
                </span>
              </div>
              <p className="[overflow-wrap:anywhere]" data-testid="preview-summary">
                {c.summary}
              </p>
              {c.problem && <p className="text-xs text-amber-800 dark:text-amber-200">{c.problem}</p>}
              {c.changed && <Shares row={c} />}
            </li>
          ))}
        </ul>
      )}
      {answer.summary
        .filter((s) => !answer.consumers.some((c) => c.summary === s))
        .map((s) => (
          <p key={s} className="text-xs [overflow-wrap:anywhere]">
            {s}
          </p>
        ))}
      {answer.notes.map((n) => (
        <p key={n} className="text-xs text-amber-800 dark:text-amber-200">
          {n}
        </p>
      ))}
    </div>
  );
}
