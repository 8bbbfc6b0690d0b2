import { ConsoleError } from "../errors";

/**
 * A config-center configurator rule (`*.configurators` YAML) that Dubbo's ConfigParser
 * refuses: the YAML does not load (SnakeYAML's exception, `line` set), its shape is not a
 * configurator rule (a ClassCastException or NullPointerException in ConfigParser), or it
 * breaks one of ConfigParser's own checks ("please specify at least one parameter").
 * A consumer logs the failure and keeps the configurators it had (AbstractConfiguratorListener).
 */
export class OverrideRuleError extends ConsoleError {
  constructor(
    message: string,
    /** 1-based line of the offending YAML, when the YAML itself is at fault. */
    readonly line: number | null = null,
    /** 1-based column, when known. */
    readonly column: number | null = null,
  ) {
    super("validation_failed", message, { line, column });
    this.name = "OverrideRuleError";
  }
}
