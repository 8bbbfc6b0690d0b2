/**
 * Where the sign-in page sends the user back to, kept open-redirect safe: only a path of
 * this console (`/routes?x=1`), never an absolute URL (`https://evil`), a scheme-relative
 * one (`//evil`, `/\evil`, which browsers read as `//evil`) or anything with control
 * characters. Pure, so the page, the 401 handler and the tests share one rule.
 */

/** The sign-in page's path. */
export const SIGN_IN_PATH = "/sign-in";

/** Where to go after signing in when `next` is missing or refused. */
export const DEFAULT_NEXT = "/services";

/** A placeholder origin to resolve a path against: whatever it resolves to must stay on it. */
const PROBE_ORIGIN = "http://console.invalid";

/**
 * `raw` as a same-site path (path, query and fragment), or {@link DEFAULT_NEXT} when it is
 * not one. The sign-in page itself is refused too, so signing in never lands on it again.
 */
export function safeNextPath(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\")) return DEFAULT_NEXT;
  // Control characters: browsers strip tabs and newlines from an address, so "/\t/evil" would become "//evil".
  if (/[\u0000-\u001f\u007f]/.test(raw)) return DEFAULT_NEXT;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return DEFAULT_NEXT;
  }
  if (url.origin !== PROBE_ORIGIN) return DEFAULT_NEXT;
  if (url.pathname === SIGN_IN_PATH || url.pathname.startsWith(`${SIGN_IN_PATH}/`)) return DEFAULT_NEXT;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page's address that comes back to `here` (a path with its query) afterwards. */
export function signInHref(here: string): string {
  return `${SIGN_IN_PATH}?next=${encodeURIComponent(safeNextPath(here))}`;
}
