import { splitAfterDots } from "@/lib/format/java-name";
import { cn } from "@/lib/cn";
import { visibleText } from "@/lib/format/visible-text";
import { VisibleText } from "./visible-text";

/**
 * A dotted Java name (an interface, a class) that wraps only after a dot, never inside a
 * word: a `<wbr>` follows each dot and the text itself never breaks. The package is
 * muted so the simple name stands out. A segment longer than the line (a name of thousands
 * of characters) breaks where it must instead of overflowing. Invisible and
 * direction-changing characters show as `\u202E` escapes (./visible-text.tsx); otherwise the
 * text content is the name unchanged. The title holds the whole name, escaped.
 */
export function JavaName({ name, className }: { name: string; className?: string }) {
  const parts = splitAfterDots(name);
  const simple = parts.pop() ?? "";
  return (
    <span data-java-name className={cn("font-mono [overflow-wrap:break-word]", className)} title={visibleText(name)}>
      {parts.length > 0 && (
        <span className="text-zinc-500 dark:text-zinc-400">
          {parts.map((part, i) => (
            <span key={i}>
              <VisibleText text={part} />
              <wbr />
            </span>
          ))}
        </span>
      )}
      <span className="text-zinc-900 dark:text-zinc-100">
        <VisibleText text={simple} />
      </span>
    </span>
  );
}
