import type { DubboRelease } from "../dubbo/dubbo-release";

/**
 * One tag-routing question in plain strings, as the Java tag routers get it: the rule texts
 * a consumer's router was notified of, in order, the consumer URL, the providers as
 * registered, and the call's attachments.
 */
export interface TagCase {
  /** Config-center texts of `{provider application}.tag-router`, in the order notified; null: the node was deleted. */
  readonly rules: readonly (string | null)[];
  /** The consumer URL, decoded. */
  readonly consumer: string;
  /** Provider URLs, decoded, as registered (the registry node name decoded). */
  readonly providers: readonly string[];
  /** The invocation's attachments (`dubbo.tag`, `dubbo.force.tag`, ...). */
  readonly attachments: Readonly<Record<string, string>>;
}

/** What the router does with a case. */
export interface TagCaseAnswer {
  /** Positions (in `providers`) of the providers the tag router keeps, in input order. */
  readonly kept: readonly number[];
  /** Whether the router holds a rule after the notifications (false: none, or every text was refused). */
  readonly ruleLoaded: boolean;
  /**
   * Set only when Java's route() itself throws for the case (docs/tag-routing.md §9): the
   * exception's class name, e.g. `java.lang.NullPointerException`; `kept` is then empty. Absent
   * on every answer where routing completes.
   */
  readonly thrown?: string;
}

/** Routes `c` as the tag router of `release` does (2.7.23 TagRouter, 3.3.6 TagStateRouter). */
export function routeTagCase(c: TagCase, release: DubboRelease): TagCaseAnswer {
  void c;
  void release;
  throw new Error("not yet");
}
