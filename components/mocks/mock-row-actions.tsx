"use client";

import { useState } from "react";
import type { Mock } from "@/lib/api/mocks";
import { changeErrorText } from "@/lib/api/client/stale-revision";
import { AskDialog } from "../routes/ask-dialog";
import { Button } from "../ui/button";
import { useDeleteMock, useToggleMock } from "./use-mock-mutations";

/** Enable or Disable one mock, based on the revision shown (a mock takes no provider away: nothing to ask). */
export function ToggleMock({ mock }: { mock: Mock }) {
  const toggle = useToggleMock();
  return (
    <>
      <Button type="button" size="sm" variant="ghost" disabled={toggle.isPending} onClick={() => toggle.mutate({ mock, enabled: !mock.enabled })} data-testid="toggle-mock">
        {toggle.isPending ? (mock.enabled ? "Disabling…" : "Enabling…") : mock.enabled ? "Disable" : "Enable"}
      </Button>
      {toggle.error && <span className="block text-xs text-red-700 dark:text-red-300">{changeErrorText(toggle.error)}</span>}
    </>
  );
}

/** Delete one mock (both copies of its override), asked first, based on the revision shown. */
export function DeleteMock({ mock }: { mock: Mock }) {
  const remove = useDeleteMock();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button type="button" size="sm" variant="ghost" className="text-red-700 dark:text-red-300" onClick={() => setAsking(true)} data-testid="delete-mock">
        Delete
      </Button>
      <AskDialog
        open={asking}
        testId="delete-mock-dialog"
        title={`Delete the mock of ${mock.method}?`}
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={changeErrorText(remove.error)}
        onConfirm={() => remove.mutate(mock, { onSuccess: () => setAsking(false) })}
        onCancel={() => (setAsking(false), remove.reset())}
      >
        <p>Its override is removed from the registry and the config center; the consumers it answered call the providers again within seconds.</p>
      </AskDialog>
    </>
  );
}
