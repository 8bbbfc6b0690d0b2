import { describe, expect, it } from "vitest";
import { ifMatchRevision, revisionInput } from "@/app/api/_lib/revision-input";
import { isConsoleError } from "@/lib/errors";

function request(ifMatch?: string): Request {
  return new Request("http://localhost/api/v1/configs/x", { method: "PUT", headers: ifMatch === undefined ? {} : { "if-match": ifMatch } });
}

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (e) {
    return isConsoleError(e) ? e.code : "not a console error";
  }
  return undefined;
}

describe("revisionInput", () => {
  it("takes the body's revision, or If-Match's in any of its spellings", () => {
    expect(revisionInput(request(), "7")).toBe("7");
    expect(revisionInput(request('"7"'), undefined)).toBe("7");
    expect(revisionInput(request('W/"7"'), undefined)).toBe("7");
    expect(revisionInput(request("7"), undefined)).toBe("7");
    expect(revisionInput(request('"7"'), "7")).toBe("7");
  });

  it("refuses a disagreement, a missing revision, a list and *", () => {
    expect(codeOf(() => revisionInput(request('"8"'), "7"))).toBe("validation_failed");
    expect(codeOf(() => revisionInput(request(), undefined))).toBe("validation_failed");
    expect(codeOf(() => revisionInput(request('"7", "8"'), undefined))).toBe("validation_failed");
    expect(codeOf(() => revisionInput(request("*"), undefined))).toBe("validation_failed");
    expect(codeOf(() => revisionInput(request('"a b"'), undefined))).toBe("validation_failed");
  });

  it("reads no header as no revision", () => {
    expect(ifMatchRevision(null)).toBeUndefined();
    expect(ifMatchRevision("  ")).toBeUndefined();
  });
});
