import type { JavaUrl } from "../url/route-url";

/**
 * What routing read of a consumer URL, so that work done for one consumer can serve every
 * consumer that answers those reads alike. Matching a then side reads the consumer only
 * here and there (2.7's merged provider URL takes some of its parameters, `$name` patterns
 * its values, 3.x its path or protocols); the computation is a pure function of what it
 * read, so a consumer that gives the same answers to the same reads gets the same result.
 *
 * Reads are recorded through a stand-in of the consumer URL ({@link recordReads}) that
 * answers as the URL does: every property and `param(key)` value read is noted, and a read
 * of `parameters()` (all of them) notes the URL's whole text. Nothing else of a URL can be read.
 */

/** One read and what it answered. */
type Read =
  /** `param(key)`. */
  | { readonly kind: "param"; readonly key: string; readonly value: string | null }
  /** `hasParameters()`. */
  | { readonly kind: "has-parameters"; readonly value: boolean }
  /** `parameters()`, or any method not listed here: only the same URL text answers alike. */
  | { readonly kind: "whole"; readonly value: string }
  /** A property: `host`, `path`, `port`... */
  | { readonly kind: "property"; readonly key: string; readonly value: unknown };

/** The reads made of one consumer URL so far. */
export class ConsumerReads {
  private readonly reads = new Map<string, Read>();

  /** The reads of all of `parts` (made of one consumer URL). */
  static union(parts: readonly ConsumerReads[]): ConsumerReads {
    const all = new ConsumerReads();
    for (const part of parts) for (const [id, read] of part.reads) all.note(id, read);
    return all;
  }

  /** Notes a read (the first answer of each; a URL answers a read the same way every time). */
  note(id: string, read: Read): void {
    if (!this.reads.has(id)) this.reads.set(id, read);
  }

  /** Whether `url` answers every read noted as the recorded consumer did. */
  agree(url: JavaUrl): boolean {
    for (const read of this.reads.values()) {
      switch (read.kind) {
        case "param":
          if (url.param(read.key) !== read.value) return false;
          break;
        case "has-parameters":
          if (url.hasParameters() !== read.value) return false;
          break;
        case "whole":
          if (url.source !== read.value) return false;
          break;
        case "property":
          if ((url as unknown as Record<string, unknown>)[read.key] !== read.value) return false;
          break;
      }
    }
    return true;
  }
}

/**
 * A stand-in for `url` that answers as it does and notes every read in the returned
 * {@link ConsumerReads}. Use the stand-in where routing reads the consumer (the then side's
 * sample and `$name` patterns); `url` itself stays unrecorded.
 */
export function recordReads(url: JavaUrl): { readonly url: JavaUrl; readonly reads: ConsumerReads } {
  const reads = new ConsumerReads();
  const param = (key: string): string | null => {
    const value = url.param(key);
    reads.note(`param\n${key}`, { kind: "param", key, value });
    return value;
  };
  const hasParameters = (): boolean => {
    const value = url.hasParameters();
    reads.note("has-parameters", { kind: "has-parameters", value });
    return value;
  };
  const stand = new Proxy(url, {
    get(target, prop) {
      if (prop === "param") return param;
      if (prop === "hasParameters") return hasParameters;
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof prop === "symbol") return value;
      if (typeof value === "function") {
        reads.note("whole", { kind: "whole", value: target.source });
        return (value as (...args: unknown[]) => unknown).bind(target);
      }
      reads.note(`property\n${prop}`, { kind: "property", key: prop, value });
      return value;
    },
  });
  return { url: stand, reads };
}
