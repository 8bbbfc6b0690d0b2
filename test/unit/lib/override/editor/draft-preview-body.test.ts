import { describe, expect, it } from "vitest";
import { configPreviewBodySchema } from "@/lib/api/overrides/configs";
import { draftPreviewBody } from "@/lib/override/editor/draft-preview-body";

const service = { kind: "service", service: "io.demo.GreetingService", group: "g", version: "", key: "g/io.demo.GreetingService" } as const;
const draft = { scope: "service", service: "io.demo.GreetingService", group: "g", side: "consumer", addresses: ["10.0.0.3"], parameters: { timeout: "3000" }, enabled: true } as const;

describe("draftPreviewBody", () => {
  it("asks for a new config as the draft, and for an edit with the opened config's id; bodies the endpoint accepts", () => {
    const fresh = draftPreviewBody(draft, service, null);
    expect(fresh).toEqual({ config: draft });
    expect(configPreviewBodySchema.safeParse(fresh).success).toBe(true);
    const edit = draftPreviewBody(draft, service, "zk.a.0");
    expect(edit).toEqual({ id: "zk.a.0", config: draft });
    expect(configPreviewBodySchema.safeParse(edit).success).toBe(true);
  });

  it("judges an application-scope draft for the service whose page it is on, and asks nothing on an application's page", () => {
    const app = { scope: "application", application: "shop", side: "consumer", parameters: { retries: "0" }, enabled: true } as const;
    const body = draftPreviewBody(app, service, null);
    expect(body).toEqual({ config: app, service: "io.demo.GreetingService", group: "g" });
    expect(configPreviewBodySchema.safeParse(body).success).toBe(true);
    expect(draftPreviewBody(app, { kind: "application", application: "shop" }, null)).toBeNull();
  });
});
