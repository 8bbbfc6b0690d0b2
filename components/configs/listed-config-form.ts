import type { Config as ListedConfig } from "@/lib/api/overrides/configs";
import { type ConfigFormValues, draftToForm } from "@/lib/override/editor/config-form";

/** The form showing a listed config opened for editing (its service, for a service-scope one, is the page's). */
export function listedToForm(config: ListedConfig): ConfigFormValues {
  return draftToForm({
    scope: config.scope,
    ...(config.scope === "application" ? { application: config.key } : {}),
    side: config.side,
    addresses: config.addresses,
    providerAddresses: config.providerAddresses,
    applications: config.applications,
    ...(config.services ? { services: config.services } : {}),
    parameters: config.parameters,
    enabled: config.enabled,
  });
}
