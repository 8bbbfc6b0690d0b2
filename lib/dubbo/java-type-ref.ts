/**
 * Java types by name, as an operator types them and as the metadata report writes them
 * (TypeDefinition.formatType): `int`, `java.lang.String`, `long[]`, `io.x.User[]`,
 * `java.util.List<java.lang.Long>`, `java.util.Map<java.lang.String,java.util.List<io.x.Address>>`,
 * a nested class as `io.x.Outer$Inner` or (canonical) `io.x.Outer.Inner`, and the JVM's own
 * array names `[I`, `[Ljava.lang.String;` that Dubbo's ReflectUtils.name2class also reads.
 *
 * Parsed into a {@link JavaTypeRef}: class names are binary names (`$` for nesting), as
 * Class.getName() and hessian's class definitions spell them. This is the one parser of
 * Java type names, in the browser (the invoke form's fields, its typed parameter types) and
 * on the server (descriptors, generic invocation, hessian typing, overload matching).
 *
 * What it reads: primitives and `void`; class names, qualified or a java.lang simple name
 * (`String` → `java.lang.String`); type arguments, wildcards read as their bound (`?` and
 * `? super T` as java.lang.Object); a type variable's stand-in (`T`, `K`, `T1`) as
 * java.lang.Object (its erasure when unbounded); `[]` arrays; one `...` at the end (varargs,
 * an array); the JVM's `[I`, `[[J`, `[Ljava.lang.String;` (slashes too); Java whitespace
 * (space, tab, form feed, CR, LF; JLS §3.6) between tokens, and nothing else.
 * A fault is a {@link JavaTypeFault}: what is wrong and the offset in the text where it is.
 */

/** The JVM's primitive types, and `void` for results. */
export type PrimitiveName = "boolean" | "byte" | "short" | "int" | "long" | "float" | "double" | "char" | "void";

/** A Java type: a primitive, a class with its type arguments (empty when raw), or an array. */
export type JavaTypeRef =
  | { readonly kind: "primitive"; readonly name: PrimitiveName }
  | { readonly kind: "class"; readonly name: string; readonly args: readonly JavaTypeRef[] }
  | { readonly kind: "array"; readonly component: JavaTypeRef };

/** Why a text is not a Java type: `reason` in words, `offset` the index in the text where the fault is. */
export interface JavaTypeFault {
  readonly reason: string;
  readonly offset: number;
}

export type JavaTypeParse = { readonly ok: true; readonly type: JavaTypeRef } | ({ readonly ok: false } & JavaTypeFault);

const PRIMITIVES: ReadonlySet<string> = new Set(["boolean", "byte", "short", "int", "long", "float", "double", "char", "void"]);

/** JVM descriptor letters of the primitives (JVMS §4.3.2), both ways. */
export const PRIMITIVE_DESCRIPTORS: Readonly<Record<PrimitiveName, string>> = {
  boolean: "Z",
  byte: "B",
  short: "S",
  int: "I",
  long: "J",
  float: "F",
  double: "D",
  char: "C",
  void: "V",
};
const PRIMITIVE_OF_LETTER = new Map(Object.entries(PRIMITIVE_DESCRIPTORS).map(([name, letter]) => [letter, name as PrimitiveName]));

/** java.lang names an operator may write without the package. */
const JAVA_LANG = new Set(["String", "Object", "Integer", "Long", "Short", "Byte", "Character", "Boolean", "Double", "Float", "Number", "CharSequence", "Void"]);

/** `java.lang.Object`: what a type variable or an unbounded wildcard erases to. */
export const OBJECT_TYPE: JavaTypeRef = { kind: "class", name: "java.lang.Object", args: [] };

/** A raw class type. */
export function classType(name: string, args: readonly JavaTypeRef[] = []): JavaTypeRef {
  return { kind: "class", name, args };
}

/**
 * Type names parsed so far: an invocation names the same few types call after call, and a
 * parse is immutable, so it is shared. Bounded: emptied when full (names come from callers).
 */
const parsedTypes = new Map<string, JavaTypeParse>();
const PARSED_TYPES_LIMIT = 1024;

/** Parses a type name; a fault says what is wrong (`reason`) and where (`offset`). The answer is shared between callers: never mutate it. */
export function parseJavaType(text: string): JavaTypeParse {
  let parsed = parsedTypes.get(text);
  if (parsed === undefined) {
    parsed = parseUncached(text);
    if (parsedTypes.size >= PARSED_TYPES_LIMIT) parsedTypes.clear();
    parsedTypes.set(text, parsed);
  }
  return parsed;
}

function parseUncached(text: string): JavaTypeParse {
  const parser = new TypeParser(text);
  try {
    const type = parser.whole();
    return { ok: true, type };
  } catch (e) {
    if (e instanceof TypeSyntax) return { ok: false, reason: e.message, offset: e.offset };
    throw e;
  }
}

/** A fault in words with its place: `a closing '>' is missing at offset 16 of "java.util.List<T"`. */
export function describeTypeFault(text: string, fault: JavaTypeFault): string {
  return `${fault.reason} at offset ${fault.offset} of ${JSON.stringify(text)}`;
}

/** Whether `text` names a Java type (void included). */
export function isJavaType(text: string): boolean {
  return parseJavaType(text).ok;
}

/** The erasure of a type (JLS §4.6): the type arguments dropped, at every array depth. */
export function erasure(type: JavaTypeRef): JavaTypeRef {
  switch (type.kind) {
    case "primitive":
      return type;
    case "class":
      return type.args.length === 0 ? type : classType(type.name);
    case "array": {
      const component = erasure(type.component);
      return component === type.component ? type : { kind: "array", component };
    }
  }
}

/**
 * The erased name of a type name, for telling overloads apart as the JVM does:
 * `java.util.List<io.x.User>[]` → `java.util.List[]`, `[Ljava.lang.String;` →
 * `java.lang.String[]`, `io.x.Outer.Inner` → `io.x.Outer$Inner`; a text that is not a type
 * stays as it is, without its whitespace.
 */
export function erasedTypeName(text: string): string {
  const parsed = parseJavaType(text);
  return parsed.ok ? formatJavaType(erasure(parsed.type)) : text.replace(/[ \t\f\r\n]/g, "");
}

/**
 * A comma-separated list of type names, as an operator types a method's parameter types
 * (`java.lang.String, java.util.Map<java.lang.String,java.lang.Integer>, int`), cut at the
 * commas outside `<>` and trimmed; an empty or blank text is no types. The parts are not
 * checked: parse each with {@link parseJavaType}.
 */
export function splitTypeList(text: string): string[] {
  if (text.trim() === "") return [];
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "<") depth += 1;
    else if (c === ">") depth = Math.max(0, depth - 1);
    else if (c === "," && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts;
}

/**
 * The binary name of a class written canonically: `io.x.Outer.Inner` → `io.x.Outer$Inner`.
 * Packages are lower case by Java convention, so every dotted part after the first part
 * that follows the last lower-case one names a nested class. A name with `$` is kept.
 */
export function binaryClassName(name: string): string {
  if (name.includes("$") || !name.includes(".")) return name;
  const parts = name.split(".");
  let last = -1;
  for (let i = 0; i < parts.length - 1; i++) if (!startsUpper(parts[i]!)) last = i;
  const top = last + 1;
  if (top >= parts.length - 1) return name;
  return `${parts.slice(0, top + 1).join(".")}$${parts.slice(top + 1).join("$")}`;
}

function startsUpper(part: string): boolean {
  const c = part.charAt(0);
  return c !== c.toLowerCase() && c === c.toUpperCase();
}

/** The type as Java source writes it with full names: `java.util.List<java.lang.Long>`, `int[]`. */
export function formatJavaType(type: JavaTypeRef): string {
  switch (type.kind) {
    case "primitive":
      return type.name;
    case "array":
      return `${formatJavaType(type.component)}[]`;
    case "class":
      return type.args.length === 0 ? type.name : `${type.name}<${type.args.map(formatJavaType).join(",")}>`;
  }
}

/** Whether `name` (a binary class name) is a type variable's stand-in: `T`, `E`, `K`, `V`, `T1`. */
function isTypeVariable(name: string): boolean {
  return /^[A-Z][0-9]?$/.test(name);
}

class TypeSyntax extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/** Java's white space between tokens (JLS §3.6): space, tab, form feed, CR and LF; not Unicode's other spaces. */
function isJavaSpace(c: string | undefined): boolean {
  return c === " " || c === "\t" || c === "\f" || c === "\r" || c === "\n";
}

class TypeParser {
  private at = 0;

  constructor(private readonly text: string) {}

  whole(): JavaTypeRef {
    this.space();
    if (this.at >= this.text.length) throw new TypeSyntax("the type name is empty", this.at);
    const type = this.text[this.at] === "[" ? this.jvmArray() : this.type(true);
    this.space();
    if (this.at < this.text.length) throw this.error(`unexpected ${JSON.stringify(this.text[this.at])}`);
    return type;
  }

  private error(what: string): TypeSyntax {
    return new TypeSyntax(what, this.at);
  }

  private space(): void {
    while (isJavaSpace(this.text[this.at])) this.at++;
  }

  /** `name`, `name<args>`, then `[]`s and, at the top, one `...`. */
  private type(top: boolean): JavaTypeRef {
    this.space();
    const name = this.name();
    const args = this.peek("<") ? this.typeArgs() : [];
    let type = resolve(name, args);
    if (type === undefined) throw this.error(`${JSON.stringify(name)} takes no type arguments`);
    for (;;) {
      this.space();
      if (this.text.startsWith("[]", this.at)) {
        this.at += 2;
        type = { kind: "array", component: type };
      } else if (top && this.text.startsWith("...", this.at)) {
        this.at += 3;
        return { kind: "array", component: type };
      } else {
        return type;
      }
    }
  }

  private name(): string {
    const match = /[\p{L}\p{N}_$]+(?:\.[\p{L}\p{N}_$]+)*/uy;
    match.lastIndex = this.at;
    const found = match.exec(this.text);
    if (!found) throw this.error(this.at >= this.text.length ? "a type name is missing" : `unexpected ${JSON.stringify(this.text[this.at])}`);
    const name = found[0];
    if (/(^|\.)\p{N}/u.test(name)) throw this.error(`${JSON.stringify(name)} is not a Java name`);
    this.at += name.length;
    return name;
  }

  private peek(token: string): boolean {
    this.space();
    return this.text.startsWith(token, this.at);
  }

  private typeArgs(): JavaTypeRef[] {
    this.at++; // <
    const args: JavaTypeRef[] = [];
    for (;;) {
      args.push(this.typeArg());
      this.space();
      const c = this.text[this.at];
      if (c !== "," && c !== ">") throw this.error(c === undefined ? "a closing '>' is missing" : `expected ',' or '>' but found ${JSON.stringify(c)}`);
      this.at++;
      if (c === ">") return args;
    }
  }

  /** A type argument: a type, `?`, `? extends T` (read as T) or `? super T` (read as Object). */
  private typeArg(): JavaTypeRef {
    if (!this.peek("?")) return this.type(false);
    this.at++;
    this.space();
    if (this.keyword("extends")) {
      this.at += "extends".length;
      return this.type(false);
    }
    if (this.keyword("super")) {
      this.at += "super".length;
      this.type(false);
    }
    return OBJECT_TYPE;
  }

  /** Whether `word` follows as a whole word. */
  private keyword(word: string): boolean {
    return this.text.startsWith(word, this.at) && !/[\p{L}\p{N}_$]/u.test(this.text.charAt(this.at + word.length));
  }

  /** `[I`, `[[J`, `[Ljava.lang.String;` (or with slashes). */
  private jvmArray(): JavaTypeRef {
    let depth = 0;
    while (this.text[this.at] === "[") {
      depth++;
      this.at++;
    }
    const letter = this.text[this.at];
    let element: JavaTypeRef;
    if (letter === "L") {
      const end = this.text.indexOf(";", this.at);
      if (end < 0) throw this.error("the ';' closing an array element class is missing");
      const name = this.text.slice(this.at + 1, end).replaceAll("/", ".");
      if (!/^[\p{L}_$][\p{L}\p{N}_$]*(\.[\p{L}_$][\p{L}\p{N}_$]*)*$/u.test(name)) throw this.error(`${JSON.stringify(name)} is not a Java class name`);
      element = classType(name);
      this.at = end + 1;
    } else {
      const primitive = letter === undefined ? undefined : PRIMITIVE_OF_LETTER.get(letter);
      if (primitive === undefined || primitive === "void") throw this.error("expected a primitive letter or 'L' after '['");
      element = { kind: "primitive", name: primitive };
      this.at++;
    }
    for (let i = 0; i < depth; i++) element = { kind: "array", component: element };
    return element;
  }
}

/** The type a parsed name and its arguments stand for; undefined when a primitive got arguments. */
function resolve(name: string, args: readonly JavaTypeRef[]): JavaTypeRef | undefined {
  if (PRIMITIVES.has(name)) return args.length === 0 ? { kind: "primitive", name: name as PrimitiveName } : undefined;
  if (!name.includes(".")) {
    if (JAVA_LANG.has(name)) return classType(`java.lang.${name}`, args);
    if (isTypeVariable(name) && args.length === 0) return OBJECT_TYPE;
  }
  return classType(binaryClassName(name), args);
}
