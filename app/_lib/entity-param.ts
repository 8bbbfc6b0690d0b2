/** The page's query parameter `name` as one trimmed string; "" when absent, repeated (the last counts) or blank. */
export async function entityParam(searchParams: Promise<Record<string, string | string[] | undefined>>, name: string): Promise<string> {
  const raw = (await searchParams)[name];
  const value = Array.isArray(raw) ? raw.at(-1) : raw;
  return (value ?? "").trim();
}
