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
import { useCreateAccess } from "./use-access-mutations";
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
 * The editor of a new access rule: block or allow, consumer applications (the service's
 * registered ones offered, any typed) or hosts, the live preview of who it blocks, and Save.
 * Saving a rule that leaves every consumer that calls the service with no provider (the
 * preview's `blocksEveryone`, or the server's 409 `strands_consumers`) asks first, naming
 * them, and sends `allowStranding` only once confirmed. Server issues show beside their field.
 */
export function AccessEditor({ service, rules, onDone }: { service: AccessService; rules: readonly AccessRule[]; onDone: () => void }) {
  const [mode, setMode] = useState<AccessMode>("block");
  const [dimension, setDimension] = useState<Dimension>("applications");
  const [applications, setApplications] = useState<string[]>([]);
  const [hosts, setHosts] = useState<string[]>([]);
  const [asking, setAsking] = useState(false);
  const create = useCreateAccess();
  const named = dimension === "applications" ? applications : hosts;
  const body = useMemo<AccessPreviewBody | null>(
    () => (named.length === 0 ? null : { service: service.interface, group: service.group, version: service.version, mode, applications: dimension === "applications" ? applications : [], hosts: dimension === "hosts" ? hosts : [], enabled: true }),
    [named.length, service, mode, dimension, applications, hosts],
  );
  const preview = useAccessPreview(service.key, body, create.isPending || create.isSuccess);
  const issues = mergedIssues(fieldIssues(create.error), fieldIssues(preview.error));
  const conflict = create.error instanceof ApiError && create.error.code === "conflict";
  const save = (allowStranding: boolean) => {
    if (!body) return;
    create.mutate({ body, allowStranding }, { onSuccess: () => (setAsking(false), onDone()), onError: (e) => setAsking(e instanceof ApiError && e.code === "strands_consumers") });
  };
  const onSave = () => (!preview.outdated && preview.answer?.blocksEveryone ? (create.reset(), setAsking(true)) : save(false));
  const general = otherIssues(issues, ["applications", "hosts", "mode"]);
  return (
    <section className="min-w-0 space-y-4 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900" data-testid="access-editor" aria-label="New access rule">
      <h3 className="text-base font-semibold">New access rule</h3>
      <div className="flex flex-wrap gap-x-6 gap-y-3">
        <ChoiceGroup label="Mode" value={mode} onChange={setMode} testId="access-mode" options={[{ value: "block", label: "Block the listed" }, { value: "allow", label: "Allow only the listed" }]} issues={issues.get("mode") ?? []} />
        <ChoiceGroup label="Consumers by" value={dimension} onChange={setDimension} testId="access-dimension" options={[{ value: "applications", label: "Application" }, { value: "hosts", label: "Host (IPv4)" }]} issues={[]} />
      </div>
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
        <Callout tone="warn" title="Not saved: the service has such a rule" data-testid="access-conflict">
          {create.error?.message}. Delete that rule or change it instead.
        </Callout>
      )}
      {create.error && !conflict && !asking && fieldIssues(create.error).size === 0 && (
        <Callout tone="bad" title="Not saved" data-testid="access-save-error">
          {create.error.message}
        </Callout>
      )}
      {general.length > 0 && (
        <Callout tone="bad" title="Not saved">
          {general.join(" ")}
        </Callout>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="primary" disabled={body === null || create.isPending} onClick={onSave} data-testid="save-access">
          {create.isPending ? "Saving…" : "Save rule"}
        </Button>
        <Button type="button" onClick={onDone} data-testid="cancel-access">
          Cancel
        </Button>
      </div>
      <AccessStrandingDialog open={asking} error={create.error} preview={preview.answer ?? null} pending={create.isPending} onConfirm={() => save(true)} onCancel={() => (setAsking(false), create.reset())} />
    </section>
  );
}
