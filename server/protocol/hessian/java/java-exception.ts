import { JavaObject } from "./java-values";

/**
 * A Java exception as the console shows it: the real class, the message and the stack
 * as Java prints them. Hessian-lite sends a Throwable as an object of its fields
 * (`detailMessage`, `cause`, `stackTrace`, `suppressedExceptions`, and those of the class
 * itself); this is that object, read.
 */
export interface JavaException {
  /** The exception's class name: `io.x.BusinessException`, never a wrapper's. */
  readonly class: string;
  /** Throwable.detailMessage; null when the exception has none. */
  readonly message: string | null;
  /** StackTraceElement.toString() of each frame, innermost first: `io.x.Impl.run(Impl.java:12)`. */
  readonly stackTrace: readonly string[];
  /** The cause, when there is one (not the exception itself). */
  readonly cause?: JavaException;
  /** Fields the exception's class adds to Throwable's, as JSON (BusinessException's `errorCode`). */
  readonly fields?: Readonly<Record<string, unknown>>;
  /**
   * The class of the exception Dubbo wrapped this one in, when it did: GenericFilter's
   * GenericException for a generic call, or ExceptionFilter's RuntimeException for an
   * unchecked exception the caller's jar may not have. `class`, `message` and `stackTrace`
   * are then the wrapped exception's, read from the wrapper.
   */
  readonly wrappedIn?: string;
}

/** Throwable's own serialized fields (JDK 8-21), which are not the class's `fields`. */
const THROWABLE_FIELDS = new Set(["detailMessage", "cause", "stackTrace", "suppressedExceptions", "depth"]);

/** The wrappers Dubbo's GenericFilter puts around a generic call's exception (2.7 always; 3.x with dubbo-compatible on the classpath). */
const GENERIC_EXCEPTIONS = new Set(["com.alibaba.dubbo.rpc.service.GenericException", "org.apache.dubbo.rpc.service.GenericException"]);

/** Whether a decoded object is a serialized Throwable: it has Throwable's fields. */
export function isThrowable(object: JavaObject): boolean {
  return "stackTrace" in object.fields && "detailMessage" in object.fields;
}

/**
 * The {@link JavaException} of a decoded Throwable. A GenericException that names the
 * real exception (`exceptionClass`, `exceptionMessage`) is unwrapped: its class and message
 * are the real ones and its stack the one printed into its message (StringUtils.toString of
 * the cause), when the message carries one. So is the RuntimeException a provider's
 * ExceptionFilter wraps an undeclared exception in, whose message is that printout.
 * `json` turns the class's own fields into JSON.
 */
export function javaExceptionOf(throwable: JavaObject, json: (value: unknown) => unknown): JavaException {
  return read(throwable, json, new Set());
}

function read(t: JavaObject, json: (value: unknown) => unknown, seen: Set<JavaObject>): JavaException {
  seen.add(t);
  const f = t.fields;
  const message = typeof f.detailMessage === "string" ? f.detailMessage : null;
  const stackTrace = Array.isArray(f.stackTrace) ? f.stackTrace.map(frameText) : [];
  const cause = f.cause instanceof JavaObject && !seen.has(f.cause) && isThrowable(f.cause) ? read(f.cause, json, seen) : undefined;
  const own = Object.keys(f).filter((k) => !THROWABLE_FIELDS.has(k));
  if (GENERIC_EXCEPTIONS.has(t.className) && typeof f.exceptionClass === "string") {
    const printed = message === null ? [] : printedStack(message);
    return {
      class: f.exceptionClass,
      message: typeof f.exceptionMessage === "string" ? f.exceptionMessage : null,
      stackTrace: printed.length > 0 ? printed : stackTrace,
      ...(cause ? { cause } : {}),
      wrappedIn: t.className,
    };
  }
  const filtered = t.className === "java.lang.RuntimeException" && message !== null && cause === undefined ? printedException(message) : undefined;
  if (filtered) return { ...filtered, wrappedIn: t.className };
  const fields = own.length > 0 ? Object.fromEntries(own.map((k) => [k, json(f[k])])) : undefined;
  return { class: t.className, message, stackTrace, ...(cause ? { cause } : {}), ...(fields ? { fields } : {}) };
}

/**
 * StackTraceElement.toString as the JDK prints it: `[loader/][module[@version]/]class.method(file:line)`,
 * the loader left out for the JDK's built-in loaders and the version for JDK modules (the
 * serialized `format` bits, JDK 9+), `Native Method` for line -2, `Unknown Source` without a file.
 */
function frameText(frame: unknown): string {
  if (!(frame instanceof JavaObject)) return String(frame);
  const f = frame.fields;
  const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);
  const format = typeof f.format === "number" ? f.format : 0;
  const loader = (format & BUILTIN_CLASS_LOADER) === 0 ? str(f.classLoaderName) : null;
  const moduleName = str(f.moduleName);
  const version = (format & JDK_NON_UPGRADEABLE_MODULE) === 0 ? str(f.moduleVersion) : null;
  let prefix = loader === null ? "" : `${loader}/`;
  if (moduleName !== null) prefix += version === null ? moduleName : `${moduleName}@${version}`;
  const line = typeof f.lineNumber === "number" ? f.lineNumber : -1;
  const file = str(f.fileName);
  const where = line === -2 ? "Native Method" : file === null ? "Unknown Source" : line >= 0 ? `${file}:${line}` : file;
  const declaring = str(f.declaringClass) ?? "?";
  return `${prefix === "" ? declaring : `${prefix}/${declaring}`}.${str(f.methodName) ?? "?"}(${where})`;
}

/** StackTraceElement's `format` bits (java.lang.StackTraceElement, JDK 9+). */
const BUILTIN_CLASS_LOADER = 0x1;
const JDK_NON_UPGRADEABLE_MODULE = 0x2;

/**
 * The exception StringUtils.toString printed, as ExceptionFilter puts it in the message of
 * the RuntimeException it wraps an undeclared exception in: `class[: message]`, a line
 * break, then printStackTrace (`class[: message]` again and the `\tat` frames).
 */
function printedException(text: string): Pick<JavaException, "class" | "message" | "stackTrace"> | undefined {
  const head = /^([\p{L}_$][\p{L}\p{N}_$]*(?:\.[\p{L}_$][\p{L}\p{N}_$]*)+)(?:: ([\s\S]*?))?\r?\n\1(?::|\r?\n)/u.exec(text);
  const frames = head === null ? [] : printedStack(text);
  if (head === null || frames.length === 0) return undefined;
  return { class: head[1]!, message: head[2] ?? null, stackTrace: frames };
}

/** The frames of the first exception in a printStackTrace text: its `\tat ` lines, up to the first "Caused by". */
function printedStack(text: string): string[] {
  const frames: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith("Caused by:")) break;
    const m = /^\s+at (.+)$/.exec(line);
    if (m) frames.push(m[1]!);
  }
  return frames;
}
