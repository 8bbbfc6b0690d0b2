import { splitServiceKey } from "@/lib/format/java-name";
import { cn } from "@/lib/cn";
import { visibleText } from "@/lib/format/visible-text";
import { VisibleText } from "./visible-text";

/**
 * A service key in monospace that wraps after `/`, `.` or `:`, inside a name or a number only
 * when one part is longer than the line; invisible and direction-changing characters show
 * as escapes (./visible-text.tsx), and the title holds the whole key, escaped.
 */
export function ServiceKeyText({ value, className, ...props }: { value: string; className?: string; "data-testid"?: string }) {
  return (
    <code className={cn("font-mono [overflow-wrap:break-word]", className)} title={visibleText(value)} {...props}>
      {splitServiceKey(value).map((part, i) => (
        <span key={i}>
          <VisibleText text={part} />
          <wbr />
        </span>
      ))}
    </code>
  );
}
