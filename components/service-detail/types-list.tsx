import { ChevronRight } from "lucide-react";
import type { ServiceDetail } from "@/lib/api/catalog-entities";
import { JavaType } from "./java-type";

type TypeDefinition = ServiceDetail["types"][number];

/** Whether a type has anything to show when expanded: bean properties or enum constants. */
function hasShape(t: TypeDefinition): boolean {
  return t.enums.length > 0 || Object.keys(t.properties).length > 0;
}

/** The POJOs and enums the methods use, each expandable to its properties or constants. */
export function TypesList({ types, full }: { types: ServiceDetail["types"]; full: boolean }) {
  const shown = types.filter(hasShape);
  if (shown.length === 0) return null;
  return (
    <section className="space-y-2" data-testid="method-types">
      <h3 className="text-sm font-semibold">Types used by the methods</h3>
      <ul className="space-y-1.5">
        {shown.map((t) => (
          <li key={t.type}>
            <details data-type-definition={t.type} className="group rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
              <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-2 font-mono text-[13px] [overflow-wrap:anywhere] [&::-webkit-details-marker]:hidden">
                <ChevronRight className="h-3.5 w-3.5 shrink-0 text-zinc-400 transition-transform group-open:rotate-90" aria-hidden />
                <JavaType type={t.type} full={full} />
                <span className="ml-auto shrink-0 font-sans text-xs text-zinc-500 dark:text-zinc-400">{t.enums.length > 0 ? "enum" : "class"}</span>
              </summary>
              <div className="border-t border-zinc-100 px-3 py-2 font-mono text-[13px] dark:border-zinc-800">
                {t.enums.length > 0 ? (
                  <p className="[overflow-wrap:anywhere]">{t.enums.join(", ")}</p>
                ) : (
                  <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-0.5">
                    {Object.entries(t.properties).map(([name, type]) => (
                      <div key={name} className="contents">
                        <dt className="text-zinc-900 dark:text-zinc-100">{name}</dt>
                        <dd className="[overflow-wrap:anywhere]">
                          <JavaType type={type} full={full} />
                        </dd>
                      </div>
                    ))}
                  </dl>
                )}
              </div>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
