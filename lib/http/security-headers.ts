/**
 * The security headers of every answer, in one place for next.config.ts (static ones, on
 * every path) and proxy.ts (the pages' Content-Security-Policy, which carries a fresh nonce
 * per request). Pure.
 */

/** Headers on every answer: pages, API, static files. */
export const SECURITY_HEADERS: readonly { key: string; value: string }[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "no-referrer" },
  // CSP frame-ancestors says the same to browsers that read it; this to those that do not.
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
];

/** The API answers JSON and event streams only: nothing in them may load or run anything. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The Content-Security-Policy of a page. Scripts: only those carrying `nonce` (Next.js puts
 * it on its own scripts when it finds it in the request's CSP header; the theme script gets
 * it from the layout), and what they load ('strict-dynamic'); no 'unsafe-inline'. `dev`
 * adds 'unsafe-eval' and websockets, which `next dev`'s refresh needs. Styles keep
 * 'unsafe-inline': Radix and the editor set style attributes at run time.
 */
export function pageCsp(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
