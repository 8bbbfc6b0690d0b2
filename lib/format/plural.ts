/** Counts with their noun, singular for exactly one: "1 service", "2 services", "0 services", "1,234 services". */

const NUMBER = new Intl.NumberFormat("en-US");

/** A count with thousands separators, the same in every locale: "1,234". */
export function formatCount(n: number): string {
  return NUMBER.format(n);
}

/** `n` and the noun that agrees with it; `plural` for nouns that do not just take an "s". */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}
