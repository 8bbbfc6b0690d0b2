"use client";

import { useMemo, useState } from "react";
import type { AccessRule } from "@/lib/api/access";
import type { Consumer } from "@/lib/api/catalog-entities";
import { ApiError } from "@/lib/api/client/fetch-json";
import { fieldIssues, otherIssues } from "@/lib/api/client/field-issues";
import type { AccessPreviewBody } from "@/lib/api/client/queries";
import type { AccessMode } from "@/lib/access/access-rule";
import { PickList } from "../configs/pick-list";
import { Button } from "../ui/button";
import { Callout } from "../ui/callout";
import { AccessPreview } from "./access-preview";
import { AccessStrandingDialog } from "./access-stranding-dialog";
import { ChoiceGroup } from "./choice-group";
import { useCreateAccess, useReplaceAccess } from "./use-access-mutations";
import { useAccessPreview } from "./use-access-preview";

type Dimension = "applications" | "hosts";

/** The service an access rule is for. */
export interface AccessService {
  readonly interface: string;
  readonly group: string;
  readonly version: string;
  readonly key: string;
  readonly consumers: readonly Consumer[];
}

const unique = (xs: readonly string[]) => [...new Set(xs.filter((x) => x !== ""))].sort();

function mergedIssues(...maps: ReadonlyMap<string, readonly string[]>[]): Map<string, readonly string[]> {
  const out = new Map<string, readonly string[]>();
  for (const m of maps) for (const [k, v] of m) out.set(k, [...new Set([...(out.get(k) ?? []), ...v])]);
  return out;
}

/** The issues shown beside `field`: its own, and (one list is shown at a time) the other list's. */
const listIssues = (issues: ReadonlyMap<string, readonly string[]>) => [...(issues.get("applications") ?? []), ...(issues.get("hosts") ?? [])];

/**
 * The editor of an access rule, new or (`editing`) saved: block or allow, consumer applications (the service's
 * registered ones offered, any typed) or hosts, the live preview of who it blocks, and Save.
 * Saving a rule that leaves every consumer that calls the service with no provider (the
 * preview's `blocksEveryone`, or the server's 409 `strands_consumers`) asks first, naming
 * them, and sends `allowStranding` only once confirmed. Server issues show beside their field.
 * An edit keeps the rule's mode (and, for a block rule, whether it names hosts or
 * applications: that is its name); an allow rule's two lists are both kept. The preview
 * judges the draft in place of the rule it edits (one rule per name and service).
 */
export function AccessEditor({ service, rules, onDone, editing }: { service: AccessService; rules: readonly AccessRule[]; onDone: () => void; editing?: AccessRule }) {
  const [mode, setMode] = useState<AccessMode>(editing?.mode ?? "block");
  const [dimension, setDimension] = useState<Dimension>(editing && editing.applications.length === 0 ? "hosts" : "applications");
  const [applications, setApplications] = useState<string[]>(editing ? [...editing.applications] : []);
  const [hosts, setHosts] = useState<string[]>(editing ? [...editing.hosts] : []);
  const [asking, setAsking] = useState(false);
  const create = useCreateAccess();
  const replace = useReplaceAccess();
  const write = editing ? replace : create;
  // A new rule names the list shown; an edit keeps both of its lists.
  const [sentApplications, sentHosts] = useMemo(() => [editing || dimension === "applications" ? applications : [], editing || dimension === "hosts" ? hosts : []] as const, [editing, dimension, applications, hosts]);
  const body = useMemo<AccessPreviewBody | null>(
    () => (sentApplications.length + sentHosts.length === 0 ? null : { service: service.interface, group: service.group, version: service.version, mode, applications: [...sentApplications], hosts: [...sentHosts], enabled: editing?.enabled ?? true }),
    [service, mode, sentApplications, sentHosts, editing],
  );
  const preview = useAccessPreview(service.key, body, write.isPending || write.isSuccess);
  const issues = mergedIssues(fieldIssues(write.error), fieldIssues(preview.error));
  const conflict = write.error instanceof ApiError && write.error.code === "conflict";
  const save = (allowStranding: boolean) => {
    if (!body) return;
    const done = { onSuccess: () => (setAsking(false), onDone()), onError: (e: Error) => setAsking(e instanceof ApiError && e.code === "strands_consumers") };
    if (editing) replace.mutate({ rule: editing, hosts: sentHosts, applications: sentApplications, allowStranding }, done);
    else create.mutate({ body, allowStranding }, done);
  };
  const onSave = () => (!preview.outdated && preview.answer?.blocksEveryone ? (write.reset(), setAsking(true)) : save(false));
  const general = otherIssues(issues, ["applications", "hosts", "mode"]);
  return (
    <section className="min-w-0 space-y-4 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900" data-testid="access-editor" data-editing={editing?.id ?? ""} aria-label={editing ? "Edit access rule" : "New access rule"}>
      <h3 className="text-base font-semibold">{editing ? "Edit access rule" : "New access rule"}</h3>
      <div className="flex flex-wrap gap-x-6 gap-y-3">
        <ChoiceGroup label="Mode" value={mode} onChange={setMode} testId="access-mode" disabled={editing !== undefined} options={[{ value: "block", label: "Block the listed" }, { value: "allow", label: "Allow only the listed" }]} issues={issues.get("mode") ?? []} />
        <ChoiceGroup label="Consumers by" value={dimension} onChange={setDimension} testId="access-dimension" disabled={editing?.mode === "block"} options={[{ value: "applications", label: "Application" }, { value: "hosts", label: "Host (IPv4)" }]} issues={[]} />
      </div>
      {editing?.mode === "allow" && (
        <p className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="access-edit-both">
          Allowed now: applications {editing.applications.join(", ") || "none"}; hosts {editing.hosts.join(", ") || "none"}. Both lists are kept; switch above to edit the other.
        </p>
      )}
      <div className="min-w-0 space-y-1">
        {dimension === "applications" ? (
          <PickList label="Consumer applications" value={applications} onChange={setApplications} options={unique(service.consumers.map((c) => c.application))} everyText="None yet: pick a registered consumer or type a name." placeholder="e2e-nobody" testId="access-applications" />
        ) : (
          <PickList label="Consumer hosts" value={hosts} onChange={setHosts} options={unique(service.consumers.map((c) => c.host))} everyText="None yet: pick a registered consumer's host or type an IPv4 address." placeholder="10.0.0.3" testId="access-hosts" />
        )}
        {listIssues(issues).map((m) => (
          <p key={m} className="text-xs text-red-700 dark:text-red-300" data-testid="access-field-issue" data-field={dimension}>
            {m}
          </p>
        ))}
      </div>
      <AccessPreview preview={preview} empty={body === null} rules={rules} />
      {conflict && (
        <Callout tone="warn" title={editing ? "Not saved: the rule was changed by someone else" : "Not saved: the service has such a rule"} data-testid="access-conflict">
          {write.error?.message}. {editing ? "Close the editor and edit the rule as it is now." : "Delete that rule or change it instead."}
        </Callout>
      )}
      {write.error && !conflict && !asking && fieldIssues(write.error).size === 0 && (
        <Callout tone="bad" title="Not saved" data-testid="access-save-error">
          {write.error.message}
        </Callout>
      )}
      {general.length > 0 && (
        <Callout tone="bad" title="Not saved">
          {general.join(" ")}
        </Callout>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="primary" disabled={body === null || write.isPending} onClick={onSave} data-testid="save-access">
          {write.isPending ? "Saving…" : editing ? "Save changes" : "Save rule"}
        </Button>
        <Button type="button" onClick={onDone} data-testid="cancel-access">
          Cancel
        </Button>
      </div>
      <AccessStrandingDialog open={asking} error={write.error} preview={preview.answer ?? null} pending={write.isPending} onConfirm={() => save(true)} onCancel={() => (setAsking(false), write.reset())} />
    </section>
  );
}
