import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PREVIEW_MAX_ANSWER_BYTES } from "@/lib/api/routing/route-preview";
import { parseConfig } from "@/server/runtime/config";
import { findEngine, startEngine } from "@/server/runtime/engine";

/** The preview service, replaced: a test chooses how large an answer is and how long it takes. */
const fake = vi.hoisted(() => ({ answer: (): unknown => ({}) }));
vi.mock("@/server/governance/preview/route-preview", () => ({
  previewRoute: () => fake.answer(),
}));
vi.mock("@/lib/api/routing/route-preview", async (original) => {
  const real = await original<typeof import("@/lib/api/routing/route-preview")>();
  return { ...real, routePreviewBodySchema: { safeParse: (v: unknown) => ({ success: true, data: v }) } };
});

const { POST } = await import("@/app/api/v1/routes/preview/route");

beforeAll(() => {
  startEngine(parseConfig({ DUBBO_REGISTRY: "zookeeper://127.0.0.1:1", LOG_LEVEL: "error" }));
});
afterAll(() => findEngine()?.close());

const preview = () => POST(new Request("http://console/api/v1/routes/preview", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }));

describe("POST /api/v1/routes/preview limits", () => {
  it("answers an answer over the size limit with 413 answer_too_large instead of sending it", async () => {
    fake.answer = () => ({ rows: "x".repeat(PREVIEW_MAX_ANSWER_BYTES) });
    const res = await preview();
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: "answer_too_large", message: expect.stringMatching(/^the answer would be \d+ bytes, over the limit of 25165824 bytes; preview fewer providers/), size: PREVIEW_MAX_ANSWER_BYTES + 11, limit: PREVIEW_MAX_ANSWER_BYTES },
    });
  });

  it("computes at most 4 previews at once for one user (429 past it), and frees a slot when one ends", async () => {
    fake.answer = () => ({ ok: true });
    const bodies: ReadableStreamDefaultController<Uint8Array>[] = [];
    const slow = () =>
      POST(
        new Request("http://console/api/v1/routes/preview", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: new ReadableStream<Uint8Array>({ start: (c) => void bodies.push(c) }),
          duplex: "half",
        } as RequestInit),
      );
    const held = [slow(), slow(), slow(), slow()];
    const over = await preview();
    expect([over.status, over.headers.get("retry-after"), ((await over.json()) as { error: { code: string } }).error.code]).toEqual([429, "1", "rate_limited"]);
    for (const c of bodies) {
      c.enqueue(new TextEncoder().encode("{}"));
      c.close();
    }
    expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await preview()).status).toBe(200);
  });

  it("sends an answer within the limit", async () => {
    fake.answer = () => ({ ok: true });
    const res = await preview();
    expect([res.status, await res.json()]).toEqual([200, { ok: true }]);
  });
});
