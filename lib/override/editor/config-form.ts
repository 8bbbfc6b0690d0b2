/**
 * The configuration editor's form model and its mapping to and from the draft of one
 * override (the shape POST /api/v1/configs takes and lib/override/override-draft.ts renders
 * as YAML). Pure: the form's two modes (form and YAML text) meet here, so what one mode
 * shows is what the other reads back.
 */

import type { OverrideDraft } from "../override-draft";

/** One override as it is written: the config-center item plus where it applies (lib/override/override-draft.ts). */
export type ConfigDraft = OverrideDraft;

/** Where the editor was opened: a service's page (scope service, or an application's rule for it) or an application's page. */
export type ConfigTarget =
  | { readonly kind: "service"; readonly service: string; readonly group: string; readonly version: string; /** `group/interface:version`, as an application rule's `services` names it. */ readonly key: string } | { readonly kind: "application"; readonly application: string };

/** One parameter row; empty rows are the form's "add a row", dropped when mapped. */
export interface ParameterRow {
  key: string;
  value: string;
}

/** The form's values; lists are the picked entries, empty meaning "every" (Dubbo's `0.0.0.0` / no restriction). */
export interface ConfigFormValues {
  scope: "service" | "application";
  /** The application an application-scope rule is keyed by. */
  application: string;
  side: "consumer" | "provider";
  addresses: string[];
  providerAddresses: string[];
  applications: string[];
  services: string[];
  parameters: ParameterRow[];
  enabled: boolean;
}

/** A field the form must fix before the draft can be saved; `row` for a parameter row. */
export interface ConfigFormError {
  readonly field: "application" | "parameters" | "addresses" | "providerAddresses" | "applications";
  readonly row?: number;
  readonly message: string;
}

/** The answer of {@link formToDraft}: a draft, or what is wrong (never both). */
export type FormDraftResult = { readonly ok: true; readonly draft: ConfigDraft } | { readonly ok: false; readonly errors: readonly ConfigFormError[] };

/** A parameter name as Dubbo's URL parameters are named (`timeout`, `sayHello.timeout`, `weight`). */
const PARAMETER_KEY = /^[A-Za-z_$][\w.$-]*$/;
/** An IPv4 address, optionally with a port, as the configs API takes them (lib/api/overrides/configs.ts); Dubbo compares the text. */
const ADDRESS = /^\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?$/;
/** A provider as IPv4:port. */
const PROVIDER_ADDRESS = /^\d{1,3}(?:\.\d{1,3}){3}:\d{1,5}$/;

/** The form of a new override opened at `target`: consumer side, every address, one empty timeout row. */
export function emptyConfigForm(target: ConfigTarget): ConfigFormValues {
  return {
    scope: target.kind,
    application: target.kind === "application" ? target.application : "",
    side: "consumer",
    addresses: [],
    providerAddresses: [],
    applications: [],
    services: [],
    parameters: [{ key: "timeout", value: "" }],
    enabled: true,
  };
}

function trimmed(list: readonly string[]): string[] {
  return [...new Set(list.map((s) => s.trim()).filter((s) => s !== ""))];
}

function listErrors(field: "addresses" | "providerAddresses", list: readonly string[]): ConfigFormError[] {
  const provider = field === "providerAddresses";
  const bad = list.filter((a) => !(provider ? PROVIDER_ADDRESS : ADDRESS).test(a));
  return bad.length === 0 ? [] : [{ field, message: `Not ${provider ? "a provider address" : "an address"}: ${bad.join(", ")} (give ${provider ? "IPv4:port" : "an IPv4 address or IPv4:port"})` }];
}

function parameterErrors(rows: readonly ParameterRow[]): ConfigFormError[] {
  const errors: ConfigFormError[] = [];
  const seen = new Map<string, number>();
  rows.forEach((r, row) => {
    const key = r.key.trim();
    if (key === "" && r.value.trim() === "") return;
    if (key === "") errors.push({ field: "parameters", row, message: "Name the parameter" });
    else if (!PARAMETER_KEY.test(key)) errors.push({ field: "parameters", row, message: `“${key}” is not a parameter name` });
    else if (seen.has(key)) errors.push({ field: "parameters", row, message: `“${key}” is set twice (row ${seen.get(key)! + 1})` });
    else if (r.value.trim() === "") errors.push({ field: "parameters", row, message: `Give ${key} a value` });
    if (key !== "" && !seen.has(key)) seen.set(key, row);
  });
  if (errors.length === 0 && seen.size === 0) errors.push({ field: "parameters", message: "Set at least one parameter" });
  return errors;
}

/**
 * The draft the form describes, for `target`; a service page's application-scope rule is
 * restricted to that service (`services`) unless it names its services already (one opened from the list). Lists are trimmed and de-duplicated; empty rows
 * are dropped. Errors name the field (and row) to fix.
 */
export function formToDraft(values: ConfigFormValues, target: ConfigTarget): FormDraftResult {
  const addresses = trimmed(values.addresses);
  const providerAddresses = trimmed(values.providerAddresses);
  const applications = trimmed(values.applications);
  const application = values.application.trim();
  // An application's page writes only application-scope rules (there is no service to key a service-scope one by).
  const scope = target.kind === "application" ? "application" : values.scope;
  const errors = [...listErrors("addresses", addresses), ...listErrors("providerAddresses", providerAddresses), ...parameterErrors(values.parameters)];
  if (scope === "application" && application === "") errors.push({ field: "application", message: "Pick the application the rule is for" });
  if (errors.length > 0) return { ok: false, errors };
  const parameters: Record<string, string> = {};
  for (const r of values.parameters) if (r.key.trim() !== "") parameters[r.key.trim()] = r.value.trim();
  const where =
    scope === "service" && target.kind === "service"
      ? { service: target.service, group: target.group, version: target.version }
      : { application, ...(trimmed(values.services).length > 0 ? { services: trimmed(values.services) } : target.kind === "service" ? { services: [target.key] } : {}) };
  const draft: ConfigDraft = {
    scope,
    ...where,
    side: values.side,
    ...(addresses.length > 0 ? { addresses } : {}),
    ...(providerAddresses.length > 0 ? { providerAddresses } : {}),
    ...(applications.length > 0 ? { applications } : {}),
    parameters,
    enabled: values.enabled,
  };
  return { ok: true, draft };
}

/** The form showing `draft` (the YAML mode's text read back, or a listed config opened for editing). `0.0.0.0` alone is "every address". */
export function draftToForm(draft: ConfigDraft): ConfigFormValues {
  const every = (list: readonly string[] | undefined) => (list ?? []).filter((a) => a !== "0.0.0.0");
  return {
    scope: draft.scope,
    application: draft.application ?? "",
    side: draft.side,
    addresses: every(draft.addresses),
    providerAddresses: [...(draft.providerAddresses ?? [])],
    applications: [...(draft.applications ?? [])],
    services: [...(draft.services ?? [])],
    parameters: Object.entries(draft.parameters).map(([key, value]) => ({ key, value })),
    enabled: draft.enabled,
  };
}
