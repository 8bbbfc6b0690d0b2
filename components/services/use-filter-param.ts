"use client";

import { useSearchParams } from "next/navigation";
import { useState } from "react";

/**
 * A filter kept in the address (`?q=` unless `param` names another) so a filtered view
 * can be shared or reloaded. Read from the address on load; every change replaces the address (no
 * history entry per keystroke). When the address changes some other way (a link to
 * /services, Back), the filter follows it.
 *
 * Next.js applies a `history.replaceState` to `useSearchParams` later, in a transition,
 * so the address can briefly show an older value of our own; writes not yet seen come
 * back are remembered in `pending` so such an echo is not mistaken for a navigation.
 */
export function useFilterParam(param = "q"): [string, (value: string) => void] {
  const fromUrl = useSearchParams().get(param) ?? "";
  const [state, setState] = useState({ value: fromUrl, seen: fromUrl, pending: [] as string[] });

  if (fromUrl !== state.seen) {
    const echo = state.pending.indexOf(fromUrl);
    setState(
      echo >= 0
        ? { value: state.value, seen: fromUrl, pending: state.pending.slice(echo + 1) }
        : { value: fromUrl, seen: fromUrl, pending: [] },
    );
  }

  const update = (value: string) => {
    setState((s) => ({ ...s, value, pending: [...s.pending, value] }));
    const url = new URL(window.location.href);
    if (value) url.searchParams.set(param, value);
    else url.searchParams.delete(param);
    window.history.replaceState(window.history.state, "", url);
  };

  return [state.value, update];
}
