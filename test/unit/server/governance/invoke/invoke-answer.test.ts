import { describe, expect, it } from "vitest";
import { invokeResponseSchema } from "@/lib/api/invoke";
import { invokeAnswer } from "@/server/governance/invoke/invoke-answer";

const A = "10.0.0.1:20880";

describe("the invoke API's answer of a call that returned or threw", () => {
  it("carries the method's return type, which alone tells void from a null value", () => {
    const result = { outcome: { type: "value", value: null, attachments: {}, provider: A }, attempts: [{ provider: A, outcome: "ok", elapsedMs: 1 }], elapsedMs: 1 } as const;
    const voidAnswer = invokeAnswer(result, 2, "void");
    expect(voidAnswer).toMatchObject({ ok: true, value: null, returnType: "void", provider: A });
    expect(invokeAnswer(result, 2, "io.x.User")).toMatchObject({ ok: true, value: null, returnType: "io.x.User" });
    expect(invokeAnswer(result, 2, null)).toMatchObject({ ok: true, value: null, returnType: null });
    expect(invokeResponseSchema.parse(voidAnswer)).toEqual(voidAnswer);
  });

  it("names the wrapper Dubbo put the exception in, so the page can say ExceptionFilter wrapped it", () => {
    const exception = { class: "io.x.Boom", message: "no", stackTrace: ["io.x.Svc.run(Svc.java:7)"], wrappedIn: "java.lang.RuntimeException" };
    const answer = invokeAnswer({ outcome: { type: "business_exception", exception, attachments: {}, provider: A }, attempts: [{ provider: A, outcome: "business_exception", elapsedMs: 1 }], elapsedMs: 1 }, 2);
    expect(answer).toMatchObject({ ok: false, error: { code: "business_exception", class: "io.x.Boom", message: "no", stackTrace: ["io.x.Svc.run(Svc.java:7)"], wrappedIn: "java.lang.RuntimeException" } });
    const plain = invokeAnswer({ outcome: { type: "business_exception", exception: { class: "java.lang.OutOfMemoryError", message: "Java heap space", stackTrace: [] }, attachments: {}, provider: A }, attempts: [], elapsedMs: 1 }, 2);
    expect(plain.ok === false && plain.error).toEqual({ code: "business_exception", class: "java.lang.OutOfMemoryError", message: "Java heap space", stackTrace: [] });
    expect(invokeResponseSchema.parse(answer)).toEqual(answer);
  });
});
