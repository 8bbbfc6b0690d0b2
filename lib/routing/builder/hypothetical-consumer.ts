import type { ServiceId } from "../../dubbo/service-key";

/** A consumer described by hand for the preview: no registry holds it. */
export interface HypotheticalConsumer {
  /** '' reads as 0.0.0.0. */
  readonly host: string;
  readonly application: string;
  /** More URL parameters as `k=v&k2=v2` (decoded, as a registry shows them). */
  readonly parameters: string;
}

/**
 * The consumer URL a Dubbo consumer of `service` with these facts would register
 * (decoded): `consumer://{host}/{interface}?application=…&group=…&interface=…&side=consumer&version=…`,
 * then the parameters given, which win over the ones above (a later duplicate overwrites).
 */
export function hypotheticalConsumerUrl(service: ServiceId, c: HypotheticalConsumer): string {
  const params: string[] = [];
  if (c.application.trim() !== "") params.push(`application=${c.application.trim()}`);
  if (service.group !== "") params.push(`group=${service.group}`);
  params.push(`interface=${service.interface}`, "side=consumer");
  if (service.version !== "") params.push(`version=${service.version}`);
  const extra = c.parameters
    .split("&")
    .map((p) => p.trim())
    .filter((p) => p !== "");
  return `consumer://${c.host.trim() || "0.0.0.0"}/${service.interface}?${[...params, ...extra].join("&")}`;
}
