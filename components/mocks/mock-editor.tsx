"use client";

import { useState } from "react";
import type { ServiceDetail } from "@/lib/api/catalog-entities";
import type { Mock } from "@/lib/api/mocks";
import { fieldIssues, otherIssues } from "@/lib/api/client/field-issues";
import type { TypeResolver } from "@/lib/invoke/form/field-spec";
import type { MockMode } from "@/lib/mock/mock-rule";
import { mockAudienceText, mockReceivers } from "@/lib/mock/mock-reach";
import { returnFormType } from "@/lib/mock/return-value-form";
import { ChoiceGroup } from "../access/choice-group";
import { PickList } from "../configs/pick-list";
import { MethodSelect } from "../invoke/method-select";
import { Button } from "../ui/button";
import { Callout } from "../ui/callout";
import { Input } from "../ui/input";
import { ReturnValueField } from "./return-value-field";
import { useCreateMock, useReplaceMock } from "./use-mock-mutations";
import { useReturnValue } from "./use-return-value";

type Answer = "return" | "throw";

/** No return type to build a form from (a `void` method): the mock returns null. */
const NOTHING = "java.lang.Void";

function Issues({ field, messages }: { field: string; messages: readonly string[] | undefined }) {
  return (messages ?? []).map((m) => (
    <p key={m} className="text-xs text-red-700 dark:text-red-300" data-testid="mock-field-issue" data-field={field}>
      {m}
    </p>
  ));
}

/** Who would get mocked answers once saved: each registered consumer the mock reaches, by application, host and release. */
function MockReceivers({ consumers, mode }: { consumers: readonly { application: string; host: string; release: string }[]; mode: MockMode }) {
  return (
    <p className="mt-2 text-sm [overflow-wrap:anywhere]" data-testid="mock-receivers" data-count={consumers.length}>
      {consumers.length === 0
        ? "No registered consumer would receive this mock now."
        : `Saving this, ${consumers.map((c) => `${c.application} (${c.host}${c.release ? `, Dubbo ${c.release}` : ""})`).join(", ")} ${mode === "force" ? "receive the mocked answer on every call, without the provider being called" : "receive the mocked answer when a call fails"}.`}
    </p>
  );
}

/**
 * The editor of a mock, new or (`editing`) saved: the method (from the service's metadata), force or fail, a value
 * returned (the invoke form's typed fields for the method's return type, with the JSON in
 * sync) or an exception thrown, and the consumer applications it is limited to (none: every
 * consumer). Saves with POST /api/v1/mocks, an edit with PUT on the revision shown (enabled
 * as it is); the server's issues show beside their fields.
 */
export function MockEditor({ service, types, onDone, editing }: { service: ServiceDetail; types: TypeResolver; onDone: () => void; editing?: Mock }) {
  const savedIndex = editing ? service.methods.findIndex((m) => m.name === editing.method) : -1;
  const [index, setIndex] = useState(savedIndex >= 0 ? savedIndex : service.methods.length === 1 ? 0 : -1);
  const [mode, setMode] = useState<MockMode>(editing?.mode ?? "force");
  const [answer, setAnswer] = useState<Answer>(editing?.throws !== undefined ? "throw" : "return");
  const [throws, setThrows] = useState(editing?.throws ?? "");
  const [applications, setApplications] = useState<string[]>(editing ? [...editing.applications] : []);
  const [attempted, setAttempted] = useState(false);
  const method = service.methods[index];
  const formType = method ? returnFormType(method.returnType) : null;
  const savedType = savedIndex >= 0 ? returnFormType(service.methods[savedIndex]!.returnType) : null;
  const value = useReturnValue(formType ?? NOTHING, types, editing && editing.returns !== undefined && savedType !== null ? { type: savedType, value: editing.returns } : undefined);
  const create = useCreateMock();
  const replace = useReplaceMock();
  const write = editing ? replace : create;
  const issues = fieldIssues(write.error);
  const blocked = method === undefined ? "Choose a method." : answer === "return" && formType !== null && (value.jsonProblem !== null || value.issues.length > 0) ? "The returned value needs fixing (see the field)." : null;
  const save = () => {
    setAttempted(true);
    if (blocked || !method) return;
    const returned = answer === "return" ? { returns: formType === null ? null : value.value } : { throws: throws.trim() };
    const fields = { method: method.name, mode, ...returned, applications, enabled: editing?.enabled ?? true };
    if (editing) replace.mutate({ mock: editing, body: fields }, { onSuccess: onDone });
    else create.mutate({ service: service.interface, group: service.group, version: service.version, ...fields }, { onSuccess: onDone });
  };
  const general = otherIssues(issues, ["method", "mode", "returns", "throws", "applications"]);
  const choices = [...new Set(service.consumers.map((c) => c.application).filter((a) => a !== ""))].sort();
  return (
    <section className="min-w-0 space-y-4 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900" data-testid="mock-editor" data-editing={editing?.id ?? ""} aria-label={editing ? "Edit mock" : "New mock"}>
      <h3 className="text-base font-semibold">{editing ? `Edit the mock of ${editing.method}` : "New mock"}</h3>
      {service.methods.length === 0 ? (
        <Callout tone="warn">The metadata lists no method of this service, so no mock can be built here.</Callout>
      ) : (
        <div className="min-w-0">
          <MethodSelect methods={service.methods} value={index} onChange={setIndex} />
          <Issues field="method" messages={issues.get("method")} />
        </div>
      )}
      <div className="flex flex-wrap gap-x-6 gap-y-3">
        <ChoiceGroup label="When" value={mode} onChange={setMode} testId="mock-mode" options={[{ value: "force", label: "Always (force)" }, { value: "fail", label: "When the call fails" }]} issues={issues.get("mode") ?? []} />
        <ChoiceGroup label="Answer" value={answer} onChange={setAnswer} testId="mock-answer" options={[{ value: "return", label: "Return a value" }, { value: "throw", label: "Throw" }]} issues={[]} />
      </div>
      {answer === "return" ? (
        formType === null ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{method ? "The method returns nothing (void): the mock returns null." : "Choose a method to fill in what it returns."}</p>
        ) : (
          <ReturnValueField type={formType} types={types} value={value} serverIssues={issues.get("returns") ?? []} showRequired={attempted} />
        )
      ) : (
        <label className="block min-w-0 text-sm font-medium">
          Exception class
          <Input value={throws} onChange={(e) => setThrows(e.target.value)} placeholder="java.lang.IllegalStateException (blank: Dubbo's RpcException)" className="mt-1 font-mono text-[13px]" spellCheck={false} autoComplete="off" data-testid="mock-throws" aria-invalid={issues.has("throws")} />
          <Issues field="throws" messages={issues.get("throws")} />
        </label>
      )}
      <div className="min-w-0">
        <PickList label="Consumer applications" value={applications} onChange={setApplications} options={choices} everyText={`None: ${mockAudienceText([])}.`} placeholder="consumer application" testId="mock-applications" />
        <Issues field="applications" messages={issues.get("applications")} />
        <MockReceivers consumers={mockReceivers(service.consumers, applications)} mode={mode} />
      </div>
      {write.error && issues.size === 0 && (
        <Callout tone="bad" title="Not saved" data-testid="mock-save-error">
          {write.error.message}
        </Callout>
      )}
      {general.length > 0 && (
        <Callout tone="bad" title="Not saved">
          {general.join(" ")}
        </Callout>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="primary" disabled={write.isPending} onClick={save} data-testid="save-mock">
          {write.isPending ? "Saving…" : editing ? "Save changes" : "Save mock"}
        </Button>
        <Button type="button" onClick={onDone} data-testid="cancel-mock">
          Cancel
        </Button>
        {attempted && blocked && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            Not saved: {blocked}
          </p>
        )}
      </div>
    </section>
  );
}
