"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { type CreateMockBody, type Mock, mockSchema } from "@/lib/api/mocks";
import { sendJson } from "@/lib/api/client/send-json";

/** A mock is an override: a change of one changes the config lists (the mocks among them), the service and the audit trail. */
function useMocksChanged() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: ["configs"] }), client.invalidateQueries({ queryKey: ["service"] }), client.invalidateQueries({ queryKey: ["audit"] })]);
}

const deletedSchema = z.object({ deleted: z.literal(true), id: z.string() });
const mockUrl = (mock: Mock, action = "") => `/api/v1/mocks/${encodeURIComponent(mock.id)}${action}`;

/** The body of POST /api/v1/mocks as the editor sends it. */
export type NewMock = Omit<CreateMockBody, "registry">;

/** POST /api/v1/mocks. */
export function useCreateMock() {
  const changed = useMocksChanged();
  return useMutation({ mutationFn: (body: NewMock) => sendJson("POST", "/api/v1/mocks", body, mockSchema), onSettled: changed });
}

/** PUT /api/v1/mocks/{id}: the whole mock as edited (its service stays), based on the revision shown. */
export function useReplaceMock() {
  const changed = useMocksChanged();
  return useMutation({
    mutationFn: ({ mock, body }: { mock: Mock; body: Omit<NewMock, "service" | "group" | "version"> }) => sendJson("PUT", mockUrl(mock), { revision: mock.revision, ...body }, mockSchema),
    onSettled: changed,
  });
}

/** POST /api/v1/mocks/{id}/enable or /disable, based on the revision shown. */
export function useToggleMock() {
  const changed = useMocksChanged();
  return useMutation({
    mutationFn: ({ mock, enabled }: { mock: Mock; enabled: boolean }) => sendJson("POST", mockUrl(mock, enabled ? "/enable" : "/disable"), { revision: mock.revision }, mockSchema),
    onSettled: changed,
  });
}

/** DELETE /api/v1/mocks/{id}?revision=. */
export function useDeleteMock() {
  const changed = useMocksChanged();
  return useMutation({
    mutationFn: (mock: Mock) => sendJson("DELETE", `${mockUrl(mock)}?revision=${encodeURIComponent(mock.revision)}`, undefined, deletedSchema),
    onSettled: changed,
  });
}
