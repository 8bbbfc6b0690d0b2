import { History } from "lucide-react";
import type { AuditTrailSpan } from "@/lib/api/audit";
import { countOf, formatCount } from "@/lib/format/plural";
import { Callout } from "../ui/callout";

/**
 * How far back the trail goes, whatever the filters: the oldest entry kept, how many of the
 * cap (CONSOLE_AUDIT_MAX) are held, and whether older entries were rotated away, so nobody
 * reads "no entry" as "nothing happened" for a time the trail no longer covers.
 */
export function AuditSpanNote({ span }: { span: AuditTrailSpan }) {
  const cap = `It keeps the newest ${formatCount(span.max)} (CONSOLE_AUDIT_MAX).`;
  return (
    <Callout tone={span.rotated ? "warn" : "neutral"} icon={<History aria-hidden />} data-testid="audit-span" data-rotated={span.rotated}>
      {span.oldest === null ? (
        <p>The trail holds no entry yet. {cap}</p>
      ) : (
        <p>
          The trail holds {countOf(span.count, "entry", "entries")}, back to{" "}
          <time dateTime={new Date(span.oldest.at).toISOString()} className="font-medium" suppressHydrationWarning>
            {new Date(span.oldest.at).toLocaleString()}
          </time>{" "}
          (entry <span className="font-mono text-xs">{span.oldest.id}</span>). {cap}{" "}
          {span.rotated ? <strong className="font-medium">Older entries were rotated away: nothing before that time is shown.</strong> : "Nothing older has been removed."}
        </p>
      )}
    </Callout>
  );
}
