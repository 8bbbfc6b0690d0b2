/**
 * Java type names as an operator or the metadata report writes them, read into their
 * parts: `java.util.Map<java.lang.String,java.util.List<io.x.Address>>`, `int[]`,
 * `io.x.User[]`, `io.x.Outer$Inner`, `String...` (varargs: an array). The invoke form
 * builds its fields from these parts; the server erases the generics for the JVM
 * descriptor and uses them to type the values.
 */

/** One type: its class (or primitive) name, its type arguments, and how many `[]` follow. */
export interface JavaTypeName {
  /** `java.util.List`, `int`, `io.x.Outer$Inner`; a wildcard `? extends X` is read as X, `?` as java.lang.Object. */
  readonly name: string;
  readonly args: readonly JavaTypeName[];
  /** Array dimensions: 1 for `int[]`, 2 for `int[][]`. */
  readonly dims: number;
}

const IDENTIFIER = /[\p{L}_$][\p{L}\p{N}_$]*(\.[\p{L}_$][\p{L}\p{N}_$]*)*/uy;

/** Thrown inside {@link parseJavaTypeName} only, to stop at the first fault. */
class NotAType {}

class Reader {
  private i = 0;
  constructor(private readonly text: string) {}

  type(): JavaTypeName {
    this.space();
    if (this.text[this.i] === "?") {
      this.i += 1;
      this.space();
      const bound = /^(extends|super)\b/.exec(this.text.slice(this.i));
      if (!bound) return { name: "java.lang.Object", args: [], dims: 0 };
      this.i += bound[0].length;
      const upper = this.type();
      return bound[1] === "extends" ? upper : { name: "java.lang.Object", args: [], dims: 0 };
    }
    IDENTIFIER.lastIndex = this.i;
    const match = IDENTIFIER.exec(this.text);
    if (!match) throw new NotAType();
    this.i += match[0].length;
    const args: JavaTypeName[] = [];
    this.space();
    if (this.text[this.i] === "<") {
      this.i += 1;
      for (;;) {
        args.push(this.type());
        this.space();
        const c = this.text[this.i];
        this.i += 1;
        if (c === ">") break;
        if (c !== ",") throw new NotAType();
      }
    }
    return { name: match[0], args, dims: this.dims() };
  }

  private dims(): number {
    let dims = 0;
    for (;;) {
      this.space();
      if (this.text.startsWith("[]", this.i)) {
        this.i += 2;
        dims += 1;
      } else if (this.text.startsWith("...", this.i)) {
        this.i += 3;
        return dims + 1;
      } else return dims;
    }
  }

  private space(): void {
    while (this.text[this.i] === " ") this.i += 1;
  }

  atEnd(): boolean {
    this.space();
    return this.i === this.text.length;
  }
}

/** The parts of `text`, or null when it is not a Java type name. */
export function parseJavaTypeName(text: string): JavaTypeName | null {
  const reader = new Reader(text);
  try {
    const type = reader.type();
    return reader.atEnd() ? type : null;
  } catch (e) {
    if (e instanceof NotAType) return null;
    throw e;
  }
}

/** The name as the metadata writes it: no spaces, `,` between type arguments. */
export function formatJavaTypeName(type: JavaTypeName): string {
  const args = type.args.length > 0 ? `<${type.args.map(formatJavaTypeName).join(",")}>` : "";
  return `${type.name}${args}${"[]".repeat(type.dims)}`;
}

/** The type without its generics: `java.util.List<io.x.User>[]` → `java.util.List[]`. */
export function erasedTypeName(type: JavaTypeName): string {
  return `${type.name}${"[]".repeat(type.dims)}`;
}

/** The element type of an array type: `int[][]` → `int[]`; null for a type that is not an array. */
export function componentType(type: JavaTypeName): JavaTypeName | null {
  return type.dims === 0 ? null : { ...type, dims: type.dims - 1 };
}

/**
 * A comma-separated list of type names, as an operator types a method's parameter types
 * (`java.lang.String, java.util.Map<java.lang.String,java.lang.Integer>, int`), cut at the
 * commas outside `<>` and trimmed; an empty or blank text is no types.
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
