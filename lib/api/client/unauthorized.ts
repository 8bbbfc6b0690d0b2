/**
 * What the browser does when an API call answers 401 (no session, or it expired): one
 * handler, set by the app shell (it goes to the sign-in page, keeping the page to come back
 * to). The fetch helpers report every 401 here before throwing, so no caller has to.
 * Sign-in's own POST does not report: its 401 means wrong credentials.
 */

type Handler = () => void;

let handler: Handler | null = null;

/** Sets what a 401 does; returns a function that unsets it (if it is still the one set). */
export function setUnauthorizedHandler(next: Handler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

/** Tells the handler, if any, that an API call answered 401. */
export function reportUnauthorized(): void {
  handler?.();
}
