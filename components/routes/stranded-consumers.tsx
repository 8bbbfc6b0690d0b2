import { ApiError } from "@/lib/api/client/fetch-json";
import { type StrandedConsumer, strandedInWords } from "@/lib/errors";

/** The consumers a 409 `strands_consumers` names; null for any other error. */
export function strandedBy(error: Error | null): StrandedConsumer[] | null {
  if (!(error instanceof ApiError) || error.code !== "strands_consumers") return null;
  const list = error.details.consumers;
  return Array.isArray(list) ? (list as StrandedConsumer[]) : [];
}

/** The impact in words, one line per consumer: "storefront-27 (10.0.0.1, Dubbo 2.7.23) will have no provider (it has 2 now)". */
export function StrandedConsumers({ consumers }: { consumers: readonly StrandedConsumer[] }) {
  return (
    <ul className="list-disc space-y-1 pl-5" data-testid="stranded-consumers">
      {consumers.map((c) => (
        <li key={c.url} data-stranded-consumer={c.application} className="[overflow-wrap:anywhere]">
          {strandedInWords([c])} (it has {c.before} now)
        </li>
      ))}
    </ul>
  );
}
