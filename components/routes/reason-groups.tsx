import type { RoutePreviewResponse } from "@/lib/api/routing/route-preview";
import { Badge } from "../ui/badge";

/** How many reason groups are shown before "and N more". */
const SHOWN = 6;
/** Up to this many providers, the list below says it all on one screen. */
const FEW = 8;

/** The preview's providers counted by reason (kept or dropped, and what decided), largest first; nothing for a few providers, which the list shows at a glance. */
export function ReasonGroups({ answer }: { answer: RoutePreviewResponse }) {
  if (answer.providerCount <= FEW) return null;
  const shown = answer.reasons.slice(0, SHOWN);
  const rest = answer.reasonCount - shown.length;
  return (
    <ul className="space-y-1 text-xs" data-testid="preview-reasons">
      {shown.map((g) => (
        <li key={`${g.kept} ${g.reason}`} className="flex items-start gap-2" data-reason-count={g.count}>
          <Badge tone={g.kept ? "good" : "bad"}>{g.count}</Badge>
          <span className="text-zinc-700 [overflow-wrap:anywhere] dark:text-zinc-300">{g.reason}</span>
        </li>
      ))}
      {rest > 0 && <li className="text-zinc-500 dark:text-zinc-400">and {rest} more reason{rest === 1 ? "" : "s"}</li>}
    </ul>
  );
}
