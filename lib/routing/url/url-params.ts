import { dubboUrlParameter, parseDubboUrlParameters } from "../../dubbo/url";
import type { DubboRelease } from "../../dubbo/dubbo-release";

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
export function queryParams(input: string, dialect: DubboRelease, extra?: Readonly<Record<string, string>>): UrlParams {
  return new QueryParams(input, dialect, extra);
}

/** One object per URL (a preview holds thousands): no closures. */
class QueryParams implements UrlParams {
  private every: Record<string, string> | null = null;
  /** The keys read so far: a preview reads the same few keys of the same URLs at every keystroke. */
  private read: Map<string, string | null> | null = null;

  constructor(
    private readonly input: string,
    private readonly dialect: DubboRelease,
    private readonly extra: Readonly<Record<string, string>> | undefined,
  ) {}

  get(key: string): string | null {
    if (this.every !== null) return Object.hasOwn(this.every, key) ? this.every[key]! : null;
    if (this.extra !== undefined && Object.hasOwn(this.extra, key)) return this.extra[key]!;
    this.read ??= new Map();
    let value = this.read.get(key);
    if (value === undefined) this.read.set(key, (value = dubboUrlParameter(this.input, key, this.dialect) ?? null));
    return value;
  }

  all(): Readonly<Record<string, string>> {
    if (this.every === null) {
      const parsed = parseDubboUrlParameters(this.input, this.dialect);
      this.every = this.extra === undefined ? parsed : Object.assign(parsed, this.extra);
      this.read = null;
    }
    return this.every;
  }
}

/** Parameters already read in full. */
export function fixedParams(params: Readonly<Record<string, string>>): UrlParams {
  return new FixedParams(params);
}

class FixedParams implements UrlParams {
  constructor(private readonly params: Readonly<Record<string, string>>) {}

  get(key: string): string | null {
    return Object.hasOwn(this.params, key) ? this.params[key]! : null;
  }

  all(): Readonly<Record<string, string>> {
    return this.params;
  }
}
