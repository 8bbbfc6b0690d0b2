import { splitServiceKey } from "@/lib/format/java-name";
import { cn } from "@/lib/cn";

/** A service key in monospace that wraps only after `/`, `.` or `:`, never inside a name or a number. */
export function ServiceKeyText({ value, className, ...props }: { value: string; className?: string; "data-testid"?: string }) {
  return (
    <code className={cn("font-mono break-normal", className)} {...props}>
      {splitServiceKey(value).map((part, i) => (
        <span key={i}>
          {part}
          <wbr />
        </span>
      ))}
    </code>
  );
}
