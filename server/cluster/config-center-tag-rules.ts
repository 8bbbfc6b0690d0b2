import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { TAG_ROUTE } from "@/lib/rules/rule-kinds";
import { type TagRule, TagRuleError } from "@/lib/tag/tag-rule";
import type { Logger } from "../runtime/logger";

interface Held {
  /** The node's data last read, good or not. */
  readonly seen: string;
  /** What the router holds: the last rule that parsed (null: none yet). */
  readonly rule: TagRule | null;
}

/**
 * The config-center tag rules (`{provider application}.tag-router`) as the tag router of
 * a consumer of `release` holds them, fed with every read of such a node (2.7.23
 * TagRouter.process, 3.3.6 TagStateRouter.process):
 * - a node read is parsed as the release's TagRuleParser does (lib/tag/tag-rule.ts) and
 *   replaces the application's rule;
 * - a rule Java refuses is logged once per content, with the node path, and changes
 *   nothing: the rule held stays (none when the first read is bad), as process() catches
 *   the parse failure and keeps its field;
 * - a node gone clears the application's rule (ConfigChangeType.DELETED); an empty node
 *   while none is held is skipped, as the router's first `getRule` skips an empty text;
 * - an unchanged text answers the same rule object, so what was loaded from it is reused.
 * Java's router keeps listening to the application it subscribed to until the first
 * provider's application changes; here the rule is looked up by application at each call.
 */
export class ConfigCenterTagRules {
  private readonly held = new Map<string, Held>();

  constructor(
    readonly release: DubboRelease,
    private readonly log: Pick<Logger, "warn">,
  ) {}

  /** The data of `{application}.tag-router` at `path` as just read; null when the node is gone. */
  update(application: string, path: string, data: string | null): void {
    if (data === null) {
      this.held.delete(application);
      return;
    }
    const before = this.held.get(application);
    if (before?.seen === data) return;
    if (before === undefined && data.trim() === "") return;
    let rule = before?.rule ?? null;
    try {
      rule = TAG_ROUTE.configCenter.parse(data, this.release);
    } catch (e) {
      // Anything but a TagRuleError would be our fault; it is logged the same, so one node cannot stop the watch.
      const why = e instanceof TagRuleError ? e.message : `unexpected: ${String(e)}`;
      this.log.warn("config-center tag rule refused as Dubbo refuses it; the rule held before stays", { node: path, release: this.release, error: why });
    }
    this.held.set(application, { seen: data, rule });
  }

  /** The rule held for `application` (`{application}.tag-router`), null when none. */
  rule(application: string): TagRule | null {
    return this.held.get(application)?.rule ?? null;
  }
}
