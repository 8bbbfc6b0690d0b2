"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { SIGN_IN_PATH } from "@/lib/auth/sign-in-href";

/**
 * Its children everywhere but the sign-in page: the navigation, the registry indicator and
 * the change stream would only ask for what a signed-out browser may not read.
 */
export function SignedInOnly({ children }: { children: ReactNode }) {
  return usePathname() === SIGN_IN_PATH ? null : children;
}
