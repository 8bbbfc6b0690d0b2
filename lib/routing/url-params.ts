import { dubboUrlParameter, parseDubboUrlParameters, type UrlDialect } from "../dubbo/url";

/**
 * The parameters of one URL as the Java `URL` holds them, read one key at a time (a preview
 * reads a few keys of thousands of providers) or all at once, with the same answers.
 */
export interface UrlParams {
  /** `parameters.get(key)`: null when absent. */
  get(key: string): string | null;
  /** Every parameter (made once, then kept). */
  all(): Readonly<Record<string, string>>;
}

/**
 * The parameters after the first `?` of the decoded URL string `input`, read on demand as
 * `URLStrParser.parseDecodedStr` of `dialect` reads them (lib/dubbo/url.ts); `extra` put
 * over them afterwards, as `putAll` does.
 */
export function queryParams(input: string, dialect: UrlDialect, extra?: Readonly<Record<string, string>>): UrlParams {
  let all: Record<string, string> | null = null;
  return {
    get(key) {
      if (all !== null) return Object.hasOwn(all, key) ? all[key]! : null;
      if (extra !== undefined && Object.hasOwn(extra, key)) return extra[key]!;
      return dubboUrlParameter(input, key, dialect) ?? null;
    },
    all() {
      all ??= extra === undefined ? parseDubboUrlParameters(input, dialect) : Object.assign(parseDubboUrlParameters(input, dialect), extra);
      return all;
    },
  };
}

/** Parameters already read in full. */
export function fixedParams(params: Readonly<Record<string, string>>): UrlParams {
  return {
    get: (key) => (Object.hasOwn(params, key) ? params[key]! : null),
    all: () => params,
  };
}
