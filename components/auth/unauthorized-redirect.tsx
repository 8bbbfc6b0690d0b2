"use client";

import { useEffect } from "react";
import { setUnauthorizedHandler } from "@/lib/api/client/unauthorized";
import { SIGN_IN_PATH, signInHref } from "@/lib/auth/sign-in-href";

/**
 * Sends the tab to the sign-in page, with the page to come back to, when any API call
 * answers 401 (the session expired or was revoked). A full navigation, not a client one:
 * every cached answer belonged to the old session. Does nothing on the sign-in page.
 */
export function UnauthorizedRedirect() {
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        if (window.location.pathname === SIGN_IN_PATH) return;
        window.location.assign(signInHref(`${window.location.pathname}${window.location.search}`));
      }),
    [],
  );
  return null;
}
