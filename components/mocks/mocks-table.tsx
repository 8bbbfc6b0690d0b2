"use client";

import type { Mock } from "@/lib/api/mocks";
import { mockAudienceText } from "@/lib/mock/mock-reach";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Callout } from "../ui/callout";
import { None } from "../ui/none";
import { Table, TD, TH, THead, TRow } from "../ui/table";
import { DeleteMock, ToggleMock } from "./mock-row-actions";

/** What a mock answers: `returns "mocked!"`, `throws java.lang.X`, `throws RpcException`. */
function answerText(mock: Mock): string {
  if (mock.throws !== undefined) return `throws ${mock.throws === "" ? "Dubbo's RpcException" : mock.throws}`;
  return `returns ${JSON.stringify(mock.returns ?? null)}`;
}

/** Who receives the mock's answers now: the registered consumers the server names (none while disabled). */
function Receivers({ mock }: { mock: Mock }) {
  if (!mock.enabled) return <span className="text-zinc-500 dark:text-zinc-400">no one (disabled)</span>;
  if (mock.consumers.length === 0) return <span className="text-zinc-500 dark:text-zinc-400">no registered consumer</span>;
  return (
    <ul className="space-y-0.5">
      {mock.consumers.map((c) => (
        <li key={`${c.application} ${c.host}`} className="font-mono text-xs [overflow-wrap:anywhere]" data-mock-consumer={c.application}>
          {c.application || <None />} ({c.host}
          {c.release ? `, Dubbo ${c.release}` : ""})
        </li>
      ))}
    </ul>
  );
}

/**
 * The mocks of a service: method, force or fail, what it answers, the applications it is
 * limited to (none: every consumer), who receives mocked answers now, whether enabled;
 * per mock, Enable/Disable and Delete.
 */
export function MocksTable({ mocks, canWrite, onEdit }: { mocks: readonly Mock[]; canWrite: boolean; onEdit?: (mock: Mock) => void }) {
  if (mocks.length === 0) return <Callout data-testid="mocks-empty">No mock: every call of this service goes to its providers.</Callout>;
  return (
    <Table stacked data-testid="mocks-table">
      <THead>
        <tr>
          <TH>Method</TH>
          <TH>Mode</TH>
          <TH>Answer</TH>
          <TH>Applications</TH>
          <TH>Receiving now</TH>
          <TH>Enabled</TH>
          <TH>
            <span className="sr-only">Actions</span>
          </TH>
        </tr>
      </THead>
      <tbody>
        {mocks.map((m) => (
          <TRow key={m.id} data-mock={m.id} data-method={m.method} data-enabled={m.enabled} data-revision={m.revision}>
            <TD data-label="Method" className="font-mono text-xs [overflow-wrap:anywhere]">
              {m.method}
            </TD>
            <TD data-label="Mode">
              <span>
                <Badge tone={m.mode === "force" ? "warn" : "info"}>{m.mode === "force" ? "force" : "on failure"}</Badge>
              </span>
            </TD>
            <TD data-label="Answer" className="font-mono text-xs [overflow-wrap:anywhere]" data-testid="mock-answer-text">
              {answerText(m)}
            </TD>
            <TD data-label="Applications" className="text-xs [overflow-wrap:anywhere]">
              {m.applications.length === 0 ? mockAudienceText([]) : <span className="font-mono">{m.applications.join(", ")}</span>}
            </TD>
            <TD data-label="Receiving now" data-testid="mock-receivers">
              <Receivers mock={m} />
            </TD>
            <TD data-label="Enabled">
              <span>{m.enabled ? <Badge tone="good">enabled</Badge> : <Badge>disabled</Badge>}</span>
            </TD>
            <TD data-label="Actions" className="text-right max-sm:text-left">
              {canWrite && (
                <span className="inline-flex flex-wrap items-center gap-1">
                  {onEdit && (
                    <Button type="button" size="sm" variant="ghost" onClick={() => onEdit(m)} data-testid="edit-mock">
                      Edit
                    </Button>
                  )}
                  <ToggleMock mock={m} />
                  <DeleteMock mock={m} />
                </span>
              )}
            </TD>
          </TRow>
        ))}
      </tbody>
    </Table>
  );
}
