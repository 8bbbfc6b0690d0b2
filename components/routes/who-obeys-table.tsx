import type { Consumer } from "@/lib/api/catalog-entities";
import { consumerLabel, whoObeys } from "@/lib/dubbo/rules/who-obeys";
import { Table, TD, TH, THead, TRow } from "../ui/table";

/**
 * "Who obeys what": each registered consumer of a service, by the Dubbo release on its
 * consumer URL, and whether it follows the registry routes, the config-center rules or both.
 */
export function WhoObeysTable({ consumers }: { consumers: readonly Consumer[] }) {
  const lines = whoObeys(consumers);
  return (
    <section className="space-y-2" data-testid="who-obeys" aria-labelledby="who-obeys-title">
      <h3 id="who-obeys-title" className="text-sm font-semibold">
        Who obeys what
      </h3>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Dubbo 2.7.3 to 3.0.4 consumers obey both the registry routes and the config-center rules; 3.0.5 and later only the config-center rules; 2.6 only the registry routes.
      </p>
      {lines.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No consumer of this service is registered.</p>
      ) : (
        <Table stacked>
          <THead>
            <tr>
              <TH>Consumer</TH>
              <TH>Host</TH>
              <TH>Follows</TH>
            </tr>
          </THead>
          <tbody>
            {lines.map((l) => (
              <TRow key={`${l.application} ${l.host} ${l.release}`} data-obeying-consumer={l.application} data-copies={l.obeyed.copies.join(" ")}>
                <TD data-label="Consumer" className="[overflow-wrap:anywhere]">
                  {consumerLabel(l)}
                </TD>
                <TD data-label="Host" className="font-mono text-xs">
                  {l.host}
                </TD>
                <TD data-label="Follows" className="text-xs" title={l.obeyed.words}>
                  {l.summary}
                </TD>
              </TRow>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
