import { visibleParts } from "@/lib/format/visible-text";

/**
 * A registry-supplied name as text, with every invisible or direction-changing character
 * (lib/format/visible-text.ts) shown as its `\uXXXX` escape, marked so it stands out: with
 * the bidi controls escaped, nothing in the name can reorder the text around it. Plain
 * names render as they are, with no element of their own.
 */
export function VisibleText({ text }: { text: string }) {
  const parts = visibleParts(text);
  if (parts.length <= 1 && parts[0]?.type !== "escape") return text;
  return (
    <span data-escaped-name>
      {parts.map((p, i) =>
        p.type === "text" ? (
          p.text
        ) : (
          <span key={i} data-escape className="rounded-sm bg-amber-100 px-px text-amber-900 dark:bg-amber-900/60 dark:text-amber-100">
            {p.text}
          </span>
        ),
      )}
    </span>
  );
}
