/**
 * What kind of throwable a provider's method ended with, named as Dubbo's provider-side
 * ExceptionFilter (2.7 and 3.x) sorts them. The filter passes on as thrown a checked
 * exception, an unchecked one the method declares, one from the interface's own jar, a
 * JDK class (`java.`, `javax.`; 3.x also `jakarta.`) and an RpcException; any other
 * unchecked one it replaces by `new RuntimeException(StringUtils.toString(e))`, the stack
 * as text, which the console unwraps (`wrappedIn`). The console has the class's name only,
 * not its hierarchy, so a java.lang.Error is known by the JDK's naming: every Error
 * subclass the JDK ships ends in `Error` (ThreadDeath aside), and none of its Exceptions do.
 */
export type ThrownKind = "service_exception" | "undeclared_exception" | "provider_error";

/** A throwable as the invoke API answers it. */
export interface Thrown {
  readonly class: string;
  /** The class of the exception Dubbo wrapped it in: ExceptionFilter's `java.lang.RuntimeException`, or a generic call's GenericException. */
  readonly wrappedIn?: string | undefined;
}

/** How the Invoke page names a throwable: its kind, a short label, its tone and a sentence saying what it means. */
export interface ThrownLabel {
  readonly kind: ThrownKind;
  readonly label: string;
  readonly tone: "warn" | "bad";
  /** The answer's title, with the Java class name. */
  readonly title: string;
  readonly explanation: string;
}

const JDK_PACKAGES = ["java.", "javax.", "jakarta."];

/** Whether `className` is a JDK java.lang.Error (OutOfMemoryError, StackOverflowError, NoClassDefFoundError, java.io.IOError, …). */
export function isJdkError(className: string): boolean {
  if (!JDK_PACKAGES.some((p) => className.startsWith(p))) return false;
  const simple = className.slice(className.lastIndexOf(".") + 1);
  return simple.endsWith("Error") || className === "java.lang.ThreadDeath";
}

/** The label of what a provider's method threw. */
export function thrownLabel(thrown: Thrown): ThrownLabel {
  const name = thrown.class;
  if (isJdkError(name)) {
    return {
      kind: "provider_error",
      label: "provider error",
      tone: "bad",
      title: `The provider failed with ${name}`,
      explanation: "A java.lang.Error: the provider's JVM or classpath failed (memory, stack, a missing class), not the service's logic. Dubbo passes it on as thrown; the provider may need attention.",
    };
  }
  if (thrown.wrappedIn === "java.lang.RuntimeException") {
    return {
      kind: "undeclared_exception",
      label: "undeclared exception",
      tone: "warn",
      title: `The method threw ${name}`,
      explanation: "An unchecked exception the method does not declare, from outside the interface's jar and the JDK: Dubbo's ExceptionFilter sent it as a java.lang.RuntimeException with its stack as text.",
    };
  }
  return {
    kind: "service_exception",
    label: "service exception",
    tone: "warn",
    title: `The method threw ${name}`,
    explanation: "The service's code threw it and Dubbo passed it on as thrown: a checked exception, or an unchecked one the method declares, from the interface's jar or the JDK.",
  };
}
