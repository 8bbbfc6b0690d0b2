import { consumerServiceRuleKey } from "@/lib/dubbo/rules/config-rule-key";
import type { DubboUrl } from "@/lib/dubbo/url";
import { type Configurator, toConfigurators } from "@/lib/override/configurator";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { OVERRIDE } from "@/lib/rules/rule-kinds";
import type { Logger } from "../runtime/logger";

/** The config-center configurators one consumer applies after the registry's (lib/override OverrideSources without `registry`). */
export interface CenterConfigurators {
  /** `{application}.configurators` of the consumer's application (ConsumerConfigurationListener). */
  readonly application: readonly Configurator[];
  /** `{interface}:{version}:{group}.configurators` of the reference (ReferenceConfigurationListener). */
  readonly service: readonly Configurator[];
}

const NONE: readonly Configurator[] = Object.freeze([]);

interface Held {
  /** The node's data last read, good or not. */
  readonly seen: string;
  /** What the consumer holds: the last rule that parsed. */
  readonly configurators: readonly Configurator[];
}

/**
 * The config-center configurator rules as a consumer of `release` holds them, fed with
 * every read of a `{key}.configurators` node (AbstractConfiguratorListener, 2.7.23 and
 * 3.3.6 alike):
 * - a node read is parsed (the override kind's config-center parser, lib/override parseConfigRule) and its configurators replace the
 *   key's; a rule that gives no URL at all leaves the held ones (`toConfigurators(...).orElse(configurators)`);
 * - a rule Java's ConfigParser refuses is logged once per content, with the node path, and
 *   changes nothing: the configurators held stay (none when the first read is bad), as
 *   Java's process() returns without notifying;
 * - a node gone (or empty, which initWith skips) clears the key's configurators;
 * - an unchanged key answers the same array, so a directory re-merges only on a change.
 */
export class ConfigCenterOverrides {
  private readonly held = new Map<string, Held>();

  constructor(
    readonly release: DubboRelease,
    private readonly log: Pick<Logger, "warn">,
  ) {}

  /** The data of `{key}.configurators` at `path` as just read; null when the node is gone. */
  update(key: string, path: string, data: string | null): void {
    if (data === null || data.trim() === "") {
      this.held.delete(key);
      return;
    }
    const before = this.held.get(key);
    if (before?.seen === data) return;
    const kept = before?.configurators ?? NONE;
    let configurators = kept;
    try {
      const urls = OVERRIDE.configCenter.parse(data, this.release);
      if (urls.length > 0) configurators = Object.freeze(toConfigurators(urls));
    } catch (e) {
      this.log.warn("config-center configurator rule refused as Dubbo refuses it; the configurators held before stay", {
        node: path,
        release: this.release,
        error: e instanceof Error ? e.message : String(e),
      });
    }
    this.held.set(key, { seen: data, configurators });
  }

  /** The configurators held for `key` (`{key}.configurators`). */
  configurators(key: string): readonly Configurator[] {
    return this.held.get(key)?.configurators ?? NONE;
  }

  /** What `consumer` applies: its application's rule, then its service's (keyed as URL.getColonSeparatedKey). */
  forConsumer(consumer: DubboUrl): CenterConfigurators {
    const application = consumer.parameters.application;
    return {
      application: application ? this.configurators(application) : NONE,
      service: this.configurators(consumerServiceRuleKey(consumer)),
    };
  }
}
