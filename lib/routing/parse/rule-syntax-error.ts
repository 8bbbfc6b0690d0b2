import { ConsoleError } from "../../errors";

/**
 * A condition rule that Java's router rejects when it is built (`ConditionRouter.init`,
 * `ConditionStateRouter.init`): a blank rule (`IllegalArgumentException`), or a separator
 * the rule grammar does not allow where it stands (`ParseException`, rethrown as
 * `IllegalStateException`).
 *
 * `offset` is a UTF-16 index into the rule text exactly as the caller gave it: where Java's
 * matcher found the offending separator, mapped back through the `consumer.`/`provider.`
 * removal and the trimming Java does before it parses. 0 for a blank rule.
 */
export class RuleSyntaxError extends ConsoleError {
  override readonly code = "invalid_rule";

  constructor(
    message: string,
    readonly offset: number,
  ) {
    super("invalid_rule", message, { offset });
    this.name = "RuleSyntaxError";
  }
}

/** What a blank rule is refused with, by the parser (Java's "Illegal route rule!"), the preview and the editor alike. */
export const BLANK_RULE_MESSAGE = 'the rule is blank: Dubbo rejects an empty route rule ("Illegal route rule!")';
