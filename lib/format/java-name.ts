/**
 * Splits a dotted Java name after each dot, so it can wrap at package boundaries and
 * never inside a word: "io.demo.GreetingService" → ["io.", "demo.", "GreetingService"].
 * Joining the parts gives the name back unchanged.
 */
export function splitAfterDots(name: string): string[] {
  return name.split(/(?<=\.)/).filter((part) => part !== "");
}
