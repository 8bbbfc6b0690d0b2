"use client";

import { useId, useMemo, useState } from "react";
import type { Consumer } from "@/lib/api/catalog-entities";
import type { Config as ListedConfig } from "@/lib/api/overrides/configs";
import { ApiError } from "@/lib/api/client/fetch-json";
import { type ConfigFormValues, type ConfigTarget, emptyConfigForm, formToDraft } from "@/lib/override/editor/config-form";
import { formToYaml, type YamlFault, yamlToForm } from "@/lib/override/editor/config-form-yaml";
import { draftPreviewBody } from "@/lib/override/editor/draft-preview-body";
import { AskDialog } from "../routes/ask-dialog";
import { StrandedConsumers, strandedBy } from "../routes/stranded-consumers";
import { Button } from "../ui/button";
import { Callout } from "../ui/callout";
import type { ConfigChoices } from "./config-choices";
import { ConfigFormFields } from "./config-form-fields";
import { ConfigYamlEditor } from "./config-yaml-editor";
import { DraftPreview } from "./draft-preview";
import { HonouringReleases } from "./honouring-releases";
import { listedToForm } from "./listed-config-form";
import { useSaveConfig } from "./use-config-mutations";

type Mode = "form" | "yaml";

/**
 * The editor of one override: a form (scope, side, addresses and applications picked from
 * the live registry, parameter rows with their meaning and Dubbo's default) and a YAML
 * mode in step with it both ways (the text is the config-center rule the console writes;
 * an edit that reads back updates the form, one that does not is marked where it is wrong
 * and Save waits). Before Save, the server's preview of the draft in words
 * ({@link DraftPreview}). Saves with POST (new) or PUT with the revision it was opened at; a 409
 * `strands_consumers` names the consumers left with no provider and saves only when
 * confirmed; a 409 `conflict` says someone else changed it.
 */
export function ConfigEditor({ target, choices, consumers, config, onDone }: { target: ConfigTarget; choices: ConfigChoices; consumers: readonly Consumer[]; config: ListedConfig | null; onDone: () => void }) {
  const [values, setValues] = useState<ConfigFormValues>(() => (config ? listedToForm(config) : emptyConfigForm(target)));
  const [mode, setMode] = useState<Mode>("form");
  const [yamlText, setYamlText] = useState("");
  const [fault, setFault] = useState<YamlFault | null>(null);
  const [askStranding, setAskStranding] = useState(false);
  const save = useSaveConfig();
  const yamlLabel = useId();
  const result = useMemo(() => formToDraft(values, target), [values, target]);
  const errors = result.ok ? [] : result.errors;
  const toYaml = () => {
    setYamlText(formToYaml(values, target) ?? "");
    setFault(null);
    setMode("yaml");
  };
  const editYaml = (text: string) => {
    setYamlText(text);
    const read = yamlToForm(text, target);
    if (read.ok) {
      setValues(read.values);
      setFault(null);
    } else setFault(read.fault);
  };
  const blocked = !result.ok || (mode === "yaml" && fault !== null);
  const previewBody = useMemo(() => (result.ok && !blocked ? draftPreviewBody(result.draft, target, config?.id ?? null) : null), [result, blocked, target, config]);
  const submit = (allowStranding: boolean) => {
    if (!result.ok || blocked) return;
    save.mutate({ config, draft: result.draft, allowStranding }, { onSuccess: () => (setAskStranding(false), onDone()), onError: (e) => setAskStranding(strandedBy(e) !== null) });
  };
  const stranded = strandedBy(save.error);
  const conflict = save.error instanceof ApiError && save.error.code === "conflict";
  return (
    <section className="min-w-0 space-y-4 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900" data-testid="config-editor" aria-label={config ? "Edit config" : "New config"}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold">{config ? "Edit config" : "New config"}</h3>
        <div className="inline-flex rounded-md border border-zinc-300 p-0.5 dark:border-zinc-700" role="group" aria-label="Editor mode">
          {(["form", "yaml"] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              disabled={m === "yaml" ? !result.ok && mode === "form" : mode === "yaml" && fault !== null}
              onClick={() => (m === "yaml" ? mode !== "yaml" && toYaml() : setMode("form"))}
              className="rounded px-3 py-1 text-sm aria-pressed:bg-zinc-200 disabled:opacity-50 dark:aria-pressed:bg-zinc-700"
              data-testid={`config-mode-${m}`}
            >
              {m === "form" ? "Form" : "YAML"}
            </button>
          ))}
        </div>
      </div>
      {mode === "form" ? (
        <ConfigFormFields target={target} choices={choices} values={values} onChange={setValues} errors={errors} />
      ) : (
        <div className="space-y-1.5">
          <p id={yamlLabel} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
            The config-center rule as it is written (<code>{target.kind === "service" ? "{interface}:{version}:{group}" : "{application}"}.configurators</code>)
          </p>
          <ConfigYamlEditor value={yamlText} onChange={editYaml} fault={fault} labelledBy={yamlLabel} />
          {fault && (
            <p className="text-sm text-red-700 dark:text-red-300" data-testid="yaml-error" data-line={fault.line ?? ""}>
              {fault.line !== null ? `Line ${fault.line}${fault.column !== null ? `, column ${fault.column}` : ""}: ` : ""}
              {fault.message}. Nothing is saved while the YAML is wrong.
            </p>
          )}
        </div>
      )}
      {save.error && !stranded && !conflict && (
        <Callout tone="bad" title="Not saved">
          {save.error.message}
        </Callout>
      )}
      {conflict && (
        <Callout tone="warn" title="Someone else changed this config" data-testid="config-conflict">
          It was edited, enabled, disabled or deleted since you opened it, so your change was not saved. Close the editor to see it as it is now.
        </Callout>
      )}
      <HonouringReleases consumers={consumers} />
      <DraftPreview body={previewBody} paused={save.isPending || save.isSuccess} />
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="primary" disabled={blocked || save.isPending} onClick={() => submit(false)} data-testid="save-config">
          {save.isPending ? "Saving…" : config ? "Save changes" : "Save config"}
        </Button>
        <Button type="button" onClick={onDone} data-testid="cancel-config">
          Cancel
        </Button>
      </div>
      <AskDialog
        open={askStranding && stranded !== null}
        testId="config-stranding-dialog"
        title="Save a config that leaves consumers with no provider?"
        confirmLabel="Save anyway"
        pendingLabel="Saving…"
        pending={save.isPending}
        onConfirm={() => submit(true)}
        onCancel={() => (setAskStranding(false), save.reset())}
      >
        <p>Nothing was saved yet. With this config:</p>
        <StrandedConsumers consumers={stranded ?? []} />
        <p>Their calls fail until a provider is usable again.</p>
      </AskDialog>
    </section>
  );
}
