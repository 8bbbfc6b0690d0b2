"use client";

import { useId, useMemo, useState } from "react";
import { ApiError } from "@/lib/api/client/fetch-json";
import type { TagPreviewBody } from "@/lib/api/tag-route-preview";
import type { TagRoute } from "@/lib/api/tag-routes";
import type { YamlFault } from "@/lib/override/editor/config-form-yaml";
import { parameterKeys } from "@/lib/tag/application-providers";
import { renderTagRule, tagDraftNotes, tagDraftProblems, type TagRouteDraft } from "@/lib/tag/tag-draft";
import { readTagText } from "@/lib/tag/tag-editor-text";
import { ConfigYamlEditor } from "../configs/config-yaml-editor";
import { strandedBy } from "../routes/stranded-consumers";
import { StrandingAskDialog } from "../routes/stranding-ask-dialog";
import { Button } from "../ui/button";
import { Callout } from "../ui/callout";
import { Input } from "../ui/input";
import { TagGroupEditor } from "./tag-group-editor";
import { TagPreviewPanel } from "./tag-preview-panel";
import { useApplicationProviders } from "./use-application-providers";
import { useSaveTagRoute } from "./use-tag-route-mutations";

type Mode = "form" | "yaml";

const EMPTY_DRAFT: TagRouteDraft = { force: false, enabled: true, runtime: true, priority: 0, tags: [{ name: "gray", addresses: [], match: [] }] };

/**
 * The editor of one provider application's tag rule: tags as named groups of the
 * application's live providers (ticked by address, or selected by parameter conditions with
 * the matches shown as you type), the rule's flags, and a YAML mode in step with the form
 * both ways (a text the form cannot hold is saved as text; one Dubbo 3 refuses is marked
 * where it stops and nothing is saved). Below, the server's preview of the draft for every
 * registered consumer and request tag. Saves with POST (new) or PUT on the revision it was
 * opened at; a 409 `strands_consumers` names who is left with no provider and saves only
 * when confirmed.
 */
export function TagRouteEditor({ application, rule, onDone }: { application: string; rule: TagRoute | null; onDone: () => void }) {
  const [draft, setDraft] = useState<TagRouteDraft>(() => rule?.rule ?? EMPTY_DRAFT);
  const [mode, setMode] = useState<Mode>(() => (rule && rule.rule === null ? "yaml" : "form"));
  const [yamlText, setYamlText] = useState(() => rule?.yaml ?? "");
  const [textOnly, setTextOnly] = useState<string | null>(() => rule?.textOnly ?? null);
  const [fault, setFault] = useState<YamlFault | null>(null);
  const [askStranding, setAskStranding] = useState(false);
  const providers = useApplicationProviders(application);
  const keys = useMemo(() => parameterKeys(providers.providers), [providers.providers]);
  const save = useSaveTagRoute();
  const yamlLabel = useId();
  const problems = mode === "form" ? tagDraftProblems(draft) : [];
  const notes = mode === "form" ? tagDraftNotes(draft) : [];
  const blocked = mode === "form" ? problems.length > 0 : fault !== null;
  const text = mode === "yaml" ? yamlText : renderTagRule(application, draft);
  const previewBody: TagPreviewBody | null = useMemo(() => (blocked ? null : { application, yaml: text, listMax: 20, ...(rule ? { registry: rule.registry } : {}) }), [blocked, application, text, rule]);

  const toYaml = () => {
    setYamlText(renderTagRule(application, draft));
    setFault(null);
    setTextOnly(null);
    setMode("yaml");
  };
  const editYaml = (next: string) => {
    setYamlText(next);
    const read = readTagText(next, application);
    setFault(read.type === "fault" ? read.fault : null);
    setTextOnly(read.type === "text-only" ? read.reason : null);
    if (read.type === "form") setDraft(read.draft);
  };
  const submit = (allowStranding: boolean) => {
    if (blocked) return;
    const body = mode === "yaml" ? { yaml: yamlText } : { rule: draft };
    save.mutate({ existing: rule, application, ...(rule ? { registry: rule.registry } : {}), body, allowStranding }, { onSuccess: () => (setAskStranding(false), onDone()), onError: (e) => setAskStranding(strandedBy(e) !== null) });
  };
  const stranded = strandedBy(save.error);
  const conflict = save.error instanceof ApiError && save.error.code === "conflict";
  const setTag = (i: number, g: TagRouteDraft["tags"][number]) => setDraft({ ...draft, tags: draft.tags.map((t, k) => (k === i ? g : t)) });

  return (
    <section className="min-w-0 space-y-4 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900" data-testid="tag-route-editor" aria-label={rule ? "Edit tag rule" : "New tag rule"}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="min-w-0 text-base font-semibold [overflow-wrap:anywhere]">
          {rule ? "Edit the tag rule of " : "New tag rule for "}
          <span className="font-mono">{application}</span>
        </h3>
        <div className="inline-flex rounded-md border border-zinc-300 p-0.5 dark:border-zinc-700" role="group" aria-label="Editor mode">
          {(["form", "yaml"] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              disabled={m === "yaml" ? mode === "form" && problems.length > 0 : mode === "yaml" && (fault !== null || textOnly !== null)}
              onClick={() => (m === "yaml" ? mode !== "yaml" && toYaml() : setMode("form"))}
              className="rounded px-3 py-1 text-sm aria-pressed:bg-zinc-200 disabled:opacity-50 dark:aria-pressed:bg-zinc-700"
              data-testid={`tag-mode-${m}`}
            >
              {m === "form" ? "Form" : "YAML"}
            </button>
          ))}
        </div>
      </div>
      {mode === "form" ? (
        <div className="space-y-3">
          <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <label className="flex items-center gap-2" title="With force, a request whose tag names no available provider fails instead of falling back to untagged providers">
              <input type="checkbox" checked={draft.force} onChange={(e) => setDraft({ ...draft, force: e.target.checked })} data-testid="tag-force" />
              force (no fallback to untagged providers)
            </label>
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={draft.enabled} onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })} data-testid="tag-enabled" />
              enabled
            </label>
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={draft.runtime} onChange={(e) => setDraft({ ...draft, runtime: e.target.checked })} />
              runtime
            </label>
            <label className="flex items-center gap-2">
              priority
              <Input type="number" value={draft.priority} onChange={(e) => setDraft({ ...draft, priority: Number.isFinite(e.target.valueAsNumber) ? Math.trunc(e.target.valueAsNumber) : 0 })} className="w-20" />
            </label>
          </div>
          {providers.error && (
            <Callout tone="warn" title="The application's providers could not be read">
              {providers.error.message}
            </Callout>
          )}
          {providers.truncated && <p className="text-xs text-zinc-500">The application provides many services: the providers of the first 40 are listed; the preview judges all.</p>}
          {draft.tags.map((t, i) => (
            <TagGroupEditor key={i} group={t} index={i} providers={providers.providers} keys={keys} problems={problems} onChange={(g) => setTag(i, g)} onRemove={() => setDraft({ ...draft, tags: draft.tags.filter((_, k) => k !== i) })} />
          ))}
          {problems
            .filter((p) => p.path === "rule.tags")
            .map((p) => (
              <p key={p.message} className="text-xs text-red-700 dark:text-red-300" data-testid="tag-field-error" data-path={p.path}>
                {p.message}
              </p>
            ))}
          <Button type="button" size="sm" onClick={() => setDraft({ ...draft, tags: [...draft.tags, { name: "", addresses: [], match: [] }] })} data-testid="add-tag">
            Add tag
          </Button>
          {notes.length > 0 && (
            <ul className="list-disc space-y-0.5 pl-5 text-xs text-amber-800 dark:text-amber-300" data-testid="tag-draft-notes">
              {notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <div className="space-y-1.5">
          <p id={yamlLabel} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
            The rule as it is written (<code>/dubbo/config/dubbo/{application}.tag-router</code>)
          </p>
          <ConfigYamlEditor value={yamlText} onChange={editYaml} fault={fault} labelledBy={yamlLabel} />
          {fault && (
            <p className="text-sm text-red-700 dark:text-red-300" data-testid="tag-yaml-error" data-line={fault.line ?? ""}>
              {fault.line !== null ? `Line ${fault.line}: ` : ""}
              {fault.message}. Nothing is saved while Dubbo would refuse the rule.
            </p>
          )}
          {!fault && textOnly && (
            <p className="text-xs text-amber-800 dark:text-amber-300" data-testid="tag-text-only">
              The form cannot show this rule ({textOnly}); it is saved as text.
            </p>
          )}
        </div>
      )}
      {save.error && !stranded && !conflict && (
        <Callout tone="bad" title="Not saved" data-testid="tag-save-error">
          {save.error.message}
        </Callout>
      )}
      {conflict && (
        <Callout tone="warn" title="Someone else changed this rule" data-testid="tag-conflict">
          It was edited, enabled, disabled or deleted since you opened it, so your change was not saved. Close the editor to see it as it is now.
        </Callout>
      )}
      <TagPreviewPanel body={previewBody} paused={save.isPending || save.isSuccess} />
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="primary" disabled={blocked || save.isPending} onClick={() => submit(false)} data-testid="save-tag-route">
          {save.isPending ? "Saving…" : rule ? "Save changes" : "Save tag rule"}
        </Button>
        <Button type="button" onClick={onDone} data-testid="cancel-tag-route">
          Cancel
        </Button>
      </div>
      <StrandingAskDialog
        asked={askStranding}
        error={save.error}
        testId="tag-stranding-dialog"
        title="Save a tag rule that leaves consumers with no provider?"
        confirmLabel="Save anyway"
        pendingLabel="Saving…"
        pending={save.isPending}
        lead={<p>Nothing was saved yet. With this rule:</p>}
        onConfirm={() => submit(true)}
        onCancel={() => (setAskStranding(false), save.reset())}
      />
    </section>
  );
}
