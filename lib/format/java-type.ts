/**
 * Java type names as the metadata report writes them (canonical names with generics,
 * `", "` collapsed to `","`: `java.util.Map<java.lang.String,java.util.List<io.x.Address>>`,
 * `io.x.User[]`, `int`), cut into the names and the punctuation between them, so a page
 * can show `Map<String, List<Address>>` and keep each full name at hand.
 */

/** One piece of a type: a (possibly qualified) name, or the punctuation between names. */
export type JavaTypeToken = { kind: "name"; name: string; simple: string } | { kind: "punct"; text: string };

/** The name without its package: `java.util.Map` → `Map`; a nested `a.Outer$Inner` → `Outer.Inner`. */
export function simpleTypeName(name: string): string {
  const simple = name.slice(name.lastIndexOf(".") + 1);
  return simple.replaceAll("$", ".");
}

const NAME = /[\p{L}\p{N}_$.]+/uy;

/**
 * Tokens of `type`, in order; joining each name's full `name` and each punctuation's text
 * gives `type` back, except that a comma between type arguments is followed by one space
 * (and only one).
 * Anything that is not a name (`<`, `>`, `,`, `[]`, `?`, `extends` is a name) is punctuation.
 */
export function tokenizeJavaType(type: string): JavaTypeToken[] {
  const tokens: JavaTypeToken[] = [];
  let i = 0;
  while (i < type.length) {
    NAME.lastIndex = i;
    const match = NAME.exec(type);
    if (match) {
      tokens.push({ kind: "name", name: match[0], simple: simpleTypeName(match[0]) });
      i += match[0].length;
      continue;
    }
    const ch = type[i]!;
    i += 1;
    const last = tokens.at(-1);
    // The space after a comma is the comma's own; others (`? extends T`) are kept, once.
    if (ch === " " && (last === undefined || (last.kind === "punct" && last.text.endsWith(" ")))) continue;
    const text = ch === "," ? ", " : ch;
    // `[]` and `>>` stay together as one piece of punctuation.
    if (last?.kind === "punct" && !last.text.includes(",") && text !== ", ") last.text += text;
    else tokens.push({ kind: "punct", text });
  }
  return tokens;
}

/** `type` with every name shortened to its simple name: `Map<String, List<Address>>`. */
export function shortJavaType(type: string): string {
  return tokenizeJavaType(type)
    .map((t) => (t.kind === "name" ? t.simple : t.text))
    .join("");
}

/** A method as Java declares it, with full names: `java.lang.String describe(java.lang.String, int)`. */
export function methodSignature(method: { name: string; parameterTypes: readonly string[]; returnType: string }): string {
  return `${method.returnType} ${method.name}(${method.parameterTypes.join(", ")})`;
}
