import { ConsoleError } from "../../errors";
import { type DocumentOptions, isScalar, parseDocument, type ParseOptions, Scalar, type ScalarTag, type SchemaOptions, stringify, type Tags, type ToStringOptions } from "yaml";

/**
 * YAML as Dubbo reads it: SnakeYAML's `new Yaml(new SafeConstructor(...)).load(text)`
 * (ConditionRuleParser, 2.7.23 and 3.3), which resolves plain scalars by YAML 1.1 rules.
 * The `yaml` package's 1.1 schema matches SnakeYAML's resolver (Resolver.java) except in
 * one place, fixed here: SnakeYAML reads `y`, `Y`, `n`, `N` as strings, not booleans.
 *
 * What else SnakeYAML does that this mirrors: duplicate keys keep the last value
 * (LoaderOptions.allowDuplicateKeys), `<<` merges, an empty document loads as null, a
 * second document or an unknown `!tag` fails the load, an integer is an Integer, Long or
 * BigInteger (here a bigint) and a float a Double (here a {@link JavaDouble}), so that
 * `priority: 1.0` fails Integer.parseInt as it does in Java.
 */

/** A YAML float, kept apart from integers: Java prints `1.0` where JavaScript prints `1`. */
export class JavaDouble {
  constructor(readonly value: number) {}
}

const BOOL_TAG = "tag:yaml.org,2002:bool";
const FLOAT_TAG = "tag:yaml.org,2002:float";
/** SnakeYAML's Resolver.BOOL, split by value. */
const SNAKE_TRUE = /^(?:yes|Yes|YES|true|True|TRUE|on|On|ON)$/;
const SNAKE_FALSE = /^(?:no|No|NO|false|False|FALSE|off|Off|OFF)$/;

function snakeYamlBooleans(tags: Tags): Tags {
  return tags.map((t) => {
    if (typeof t !== "object" || t.tag !== BOOL_TAG || !("test" in t) || !t.test) return t;
    return { ...t, test: t.test.test("true") ? SNAKE_TRUE : SNAKE_FALSE };
  });
}

/** Loading only: floats resolve to JavaDouble. */
function snakeYamlLoadTags(tags: Tags): Tags {
  return snakeYamlBooleans(tags).map((t) => {
    if (typeof t !== "object" || t.tag !== FLOAT_TAG || !("test" in t)) return t;
    const float = t as ScalarTag;
    const resolve: ScalarTag["resolve"] = (value, onError, options) => {
      const resolved: unknown = float.resolve(value, onError, options);
      return new Scalar(new JavaDouble(Number(isScalar(resolved) ? resolved.value : resolved)));
    };
    return { ...float, resolve };
  });
}

const SCHEMA: DocumentOptions & SchemaOptions = { version: "1.1", schema: "yaml-1.1", merge: true };
const OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = { ...SCHEMA, customTags: snakeYamlLoadTags, intAsBigInt: true, uniqueKeys: false, prettyErrors: true };

/** The outcome of loading a YAML text: the value SnakeYAML would build, or why its load throws. */
export type SnakeYamlLoad =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly message: string; readonly line: number | null };

/**
 * Loads `text` as SnakeYAML's SafeConstructor would. Values: string, bigint (integers),
 * JavaDouble (floats), boolean, null, Date (timestamps), Uint8Array (`!!binary`), arrays,
 * plain objects. Never throws.
 */
export function loadSnakeYaml(text: string): SnakeYamlLoad {
  const doc = parseDocument(text, OPTIONS);
  const error = doc.errors[0];
  if (error) {
    const message = error.code === "MULTIPLE_DOCS" ? "the text holds more than one YAML document; SnakeYAML's load reads exactly one" : firstLine(error.message);
    return { ok: false, message, line: error.linePos?.[0]?.line ?? null };
  }
  // SafeConstructor has no constructor for a local tag; the yaml package would keep the string.
  const unknownTag = doc.warnings.find((w) => w.code === "TAG_RESOLVE_FAILED");
  if (unknownTag) return { ok: false, message: firstLine(unknownTag.message), line: unknownTag.linePos?.[0]?.line ?? null };
  try {
    return { ok: true, value: doc.toJS({ maxAliasCount: 50 }) };
  } catch (e) {
    return { ok: false, message: firstLine(e instanceof Error ? e.message : String(e)), line: null };
  }
}

const STRINGIFY: DocumentOptions & SchemaOptions & ToStringOptions = { ...SCHEMA, customTags: snakeYamlBooleans, lineWidth: 0, indentSeq: true };

/**
 * `value` as YAML that {@link loadSnakeYaml} (and so SnakeYAML) loads back equal: a
 * string that a YAML 1.1 reader would take for something else (`yes`, `1`, `~`) is quoted.
 * Lines are never folded.
 */
export function dumpSnakeYaml(value: unknown): string {
  return stringify(value, STRINGIFY);
}

/**
 * A loaded value that holds itself through aliases other than as its own direct element
 * (`a: &x {b: [*x]}`): SnakeYAML loads it, but Java's `String.valueOf` of it overflows the
 * stack, so Dubbo fails to read the rule.
 */
export class RecursiveYamlValueError extends ConsoleError {
  constructor() {
    super("validation_failed", "a value contains itself through YAML aliases; Java's String.valueOf of it overflows the stack");
    this.name = "RecursiveYamlValueError";
  }
}

/**
 * Java's `String.valueOf(o)` of a loaded value, as Dubbo turns a rule's `conditions`
 * entries and fields into text: `12`, `1.5`, `1.0E7`, `true`, `null`, `{a=b, c=[1, 2]}`.
 * A list or map that is its own element prints it as `(this Collection)` / `(this Map)`,
 * as AbstractCollection and AbstractMap do; any deeper cycle throws
 * {@link RecursiveYamlValueError} where Java overflows its stack.
 */
export function javaStringOf(value: unknown, within: readonly unknown[] = []): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return value;
  if (typeof value === "boolean" || typeof value === "bigint" || typeof value === "number") return String(value);
  if (value instanceof JavaDouble) return javaDouble(value.value);
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `[B@${value.length}`;
  if (typeof value !== "object") return String(value);
  if (within.includes(value)) throw new RecursiveYamlValueError();
  const inner = [...within, value];
  if (Array.isArray(value)) return `[${value.map((e) => (e === value ? "(this Collection)" : javaStringOf(e, inner))).join(", ")}]`;
  const element = (e: unknown) => (e === value ? "(this Map)" : javaStringOf(e, inner));
  return `{${Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}=${element(v)}`).join(", ")}}`;
}

/** Double.toString: `1.0`, `0.001`, `1.0E7`, `1.0E-4`, `Infinity`. */
function javaDouble(n: number): string {
  if (Number.isNaN(n)) return "NaN";
  if (!Number.isFinite(n)) return n > 0 ? "Infinity" : "-Infinity";
  const abs = Math.abs(n);
  if (abs === 0 || (abs >= 1e-3 && abs < 1e7)) {
    const s = String(n);
    return s.includes(".") ? s : `${s}.0`;
  }
  const [mantissa = "0", exponent = "0"] = n.toExponential().split("e");
  return `${mantissa.includes(".") ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
}

/** The first line of a yaml message, without the colon that introduced its source excerpt. */
function firstLine(message: string): string {
  return message.split("\n")[0]!.trim().replace(/:$/, "");
}
