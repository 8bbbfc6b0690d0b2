/**
 * Whether `java.net.URLDecoder.decode(s, "UTF-8")` throws on `s`: a `%` without two
 * following chars, or two chars that `Integer.parseInt(.., 16)` rejects or reads as
 * negative (`%-1`; `%+1` and `%-0` pass). Dubbo's routers call it through
 * `getParameterAndDecoded("rule")` on the consumer URL while logging a forced empty result,
 * inside the try whose catch returns all providers.
 */
export function javaUrlDecoderRejects(s: string): boolean {
  let i = 0;
  while (i < s.length) {
    if (s[i] !== "%") {
      i++;
      continue;
    }
    if (i + 2 >= s.length) return true;
    const pair = s.slice(i + 1, i + 3);
    if (!/^[+-]?[0-9a-fA-F]+$/.test(pair) || (pair[0] === "-" && pair[1] !== "0")) return true;
    i += 3;
  }
  return false;
}
