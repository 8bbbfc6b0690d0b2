/**
 * Every method a Next.js route file can export, in Next's order (next/dist/server/web/http).
 * Next answers any other method with an empty 400 before a route file runs, so those are
 * turned away earlier, by the request guard (proxy.ts).
 */
export const HTTP_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export function isHttpMethod(method: string): method is HttpMethod {
  return (HTTP_METHODS as readonly string[]).includes(method);
}
