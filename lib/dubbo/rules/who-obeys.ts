import { consumerRelease, obeyedCopies, type ObeyedCopies } from "./rule-copies";

/** A registered consumer, as much of it as deciding what it obeys needs. */
export interface ConsumerForCopies {
  readonly application: string;
  readonly host: string;
  /** Its consumer URL's parameters: `release` (or `dubbo`) says its Dubbo release. */
  readonly parameters: Readonly<Record<string, string>>;
}

/** One line of a service's "who obeys what" table. */
export interface ObeyingConsumer {
  readonly application: string;
  readonly host: string;
  /** From {@link consumerRelease}; "" when its URL states none. */
  readonly release: string;
  readonly obeyed: ObeyedCopies;
  /** Whom it obeys, short: "registry routes and config-center rules", "config-center rules only — registry routes are ignored". */
  readonly summary: string;
}

/** The short form of what a consumer obeys, for a table cell. */
export function copiesSummary(obeyed: ObeyedCopies): string {
  switch (obeyed.line) {
    case "2.6":
      return "registry routes only — it has no config center";
    case "2.7.0":
      return "registry routes only — config-center rules at the path this console writes are not read";
    case "2.7.3":
    case "3.0.0":
      return "registry routes and config-center rules";
    case "3.0.5":
    case "3.2":
    case "3.3":
      return "config-center rules only — registry routes are ignored";
    case "unknown":
      return "unknown: its URL states no Dubbo release this console knows";
  }
}

/**
 * What each consumer obeys, one line per distinct application, host and release (a
 * consumer registered in two registries, or twice, is one line), sorted by application then host.
 */
export function whoObeys(consumers: readonly ConsumerForCopies[]): ObeyingConsumer[] {
  const lines = new Map<string, ObeyingConsumer>();
  for (const c of consumers) {
    const release = consumerRelease(c.parameters);
    const id = JSON.stringify([c.application, c.host, release]);
    if (lines.has(id)) continue;
    const obeyed = obeyedCopies(release);
    lines.set(id, { application: c.application, host: c.host, release, obeyed, summary: copiesSummary(obeyed) });
  }
  return [...lines.values()].sort((a, b) => a.application.localeCompare(b.application) || a.host.localeCompare(b.host));
}

/** "demo-consumer-27 (Dubbo 2.7.23)", or "(no release stated)". */
export function consumerLabel(line: Pick<ObeyingConsumer, "application" | "release">): string {
  return `${line.application} (${line.release === "" ? "no release stated" : `Dubbo ${line.release}`})`;
}
