import { splitAfterDots } from "@/lib/format/java-name";
import { cn } from "@/lib/cn";

/**
 * A dotted Java name (an interface, a class) that wraps only after a dot, never inside a
 * word: a `<wbr>` follows each dot and the text itself never breaks. The package is
 * muted so the simple name stands out; the text content is the name unchanged.
 */
export function JavaName({ name, className }: { name: string; className?: string }) {
  const parts = splitAfterDots(name);
  const simple = parts.pop() ?? "";
  return (
    <span data-java-name className={cn("font-mono break-normal", className)} title={name}>
      {parts.length > 0 && (
        <span className="text-zinc-500 dark:text-zinc-400">
          {parts.map((part, i) => (
            <span key={i}>
              {part}
              <wbr />
            </span>
          ))}
        </span>
      )}
      <span className="text-zinc-900 dark:text-zinc-100">{simple}</span>
    </span>
  );
}
