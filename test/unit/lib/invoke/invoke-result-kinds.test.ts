import { describe, expect, it } from "vitest";
import { NO_VALUE_TEXT, returnedValue, VOID_TEXT } from "@/lib/invoke/returned-value";
import { isJdkError, thrownLabel } from "@/lib/invoke/thrown-kind";

describe("what the Invoke page shows a method returned", () => {
  it("says a void method returned void, never null", () => {
    expect(returnedValue(null, "void")).toEqual({ kind: "void", text: VOID_TEXT });
    expect(VOID_TEXT).toBe("void — the call completed, no value");
  });

  it("shows null for a method with a return type that returned null (java.lang.Void included)", () => {
    expect(returnedValue(null, "io.x.User")).toEqual({ kind: "null", text: "null" });
    expect(returnedValue(null, "java.lang.Void")).toEqual({ kind: "null", text: "null" });
  });

  it("says no value was returned when the return type is unknown, rather than pretending it was null", () => {
    expect(returnedValue(null, null)).toEqual({ kind: "none", text: NO_VALUE_TEXT });
    expect(NO_VALUE_TEXT).toMatch(/^no value returned/);
  });

  it("shows a value as indented JSON, whatever the metadata says", () => {
    expect(returnedValue({ a: 1 }, "io.x.User")).toEqual({ kind: "value", text: '{\n  "a": 1\n}' });
    expect(returnedValue(0, null)).toEqual({ kind: "value", text: "0" });
    expect(returnedValue("", "void")).toEqual({ kind: "value", text: '""' });
  });
});

describe("how the Invoke page labels what a provider threw", () => {
  it("labels a JDK java.lang.Error a provider error, in the bad tone, with its class", () => {
    for (const name of ["java.lang.OutOfMemoryError", "java.lang.StackOverflowError", "java.lang.NoClassDefFoundError", "java.lang.ExceptionInInitializerError", "java.io.IOError", "java.lang.ThreadDeath"]) {
      const label = thrownLabel({ class: name });
      expect([label.kind, label.label, label.tone]).toEqual(["provider_error", "provider error", "bad"]);
      expect(label.title).toBe(`The provider failed with ${name}`);
      expect(label.explanation).toContain("java.lang.Error");
    }
  });

  it("labels a checked or declared exception, or a JDK runtime one Dubbo passed on, a service exception", () => {
    for (const name of ["io.dubboconsole.demo.api.BusinessException", "java.lang.IllegalStateException", "java.io.IOException", "java.util.concurrent.TimeoutException"]) {
      const label = thrownLabel({ class: name });
      expect([label.kind, label.label, label.tone, label.title]).toEqual(["service_exception", "service exception", "warn", `The method threw ${name}`]);
    }
    // A generic call's GenericException is a wrapper of every exception, not a sign of ExceptionFilter.
    expect(thrownLabel({ class: "io.x.Boom", wrappedIn: "org.apache.dubbo.rpc.service.GenericException" }).kind).toBe("service_exception");
  });

  it("labels what ExceptionFilter wrapped in a RuntimeException an undeclared exception, under the original class", () => {
    const label = thrownLabel({ class: "io.dubboconsole.demo.oracle.OracleFailure", wrappedIn: "java.lang.RuntimeException" });
    expect([label.kind, label.label, label.tone, label.title]).toEqual(["undeclared_exception", "undeclared exception", "warn", "The method threw io.dubboconsole.demo.oracle.OracleFailure"]);
    expect(label.explanation).toContain("ExceptionFilter");
  });

  it("knows an Error by the JDK's naming only within the JDK's packages", () => {
    expect(isJdkError("java.lang.AssertionError")).toBe(true);
    expect(isJdkError("jakarta.xml.bind.TypeConstraintException")).toBe(false);
    expect(isJdkError("java.lang.ErrorProneException")).toBe(false);
    expect(isJdkError("com.foo.ValidationError")).toBe(false);
    expect(isJdkError("javax.xml.parsers.FactoryConfigurationError")).toBe(true);
  });
});
