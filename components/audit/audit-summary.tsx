import { Fragment } from "react";

/** The escapes lib/audit/summary-text.ts writes for characters it will not show raw. */
const ESCAPE = /(\\[nrt]|\\u\{[0-9A-F]{4,6}\})/;

/**
 * An entry's summary, already safe text (the server escaped it), with each escape marked so
 * a reader sees that a newline or a right-to-left override stood there, not the text `\n`.
 */
export function AuditSummary({ text }: { text: string }) {
  const parts = text.split(ESCAPE);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <abbr key={i} title="a character shown escaped (a control character, newline or text-direction override)" className="rounded-sm bg-amber-100 px-0.5 font-mono text-xs text-amber-900 no-underline dark:bg-amber-950/70 dark:text-amber-200" data-escape>
            {part}
          </abbr>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
