import { tokenizeJavaType } from "@/lib/format/java-type";

/**
 * A Java type as a reader wants it: `Map<String, List<Address>>`, each name showing its full
 * name on hover; with `full`, the qualified names themselves.
 */
export function JavaType({ type, full = false }: { type: string; full?: boolean }) {
  return (
    <span className="text-sky-800 dark:text-sky-300" data-java-type={type}>
      {tokenizeJavaType(type).map((t, i) =>
        t.kind === "name" ? (
          <span key={i} title={t.name !== t.simple ? t.name : undefined}>
            {full ? t.name : t.simple}
          </span>
        ) : (
          <span key={i} className="text-zinc-500 dark:text-zinc-400">
            {t.text}
          </span>
        ),
      )}
    </span>
  );
}
