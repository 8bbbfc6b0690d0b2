"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import { Tooltip } from "radix-ui";
import type { ReactNode } from "react";
import { getQueryClient } from "./get-query-client";

/** `nonce`: the request's CSP script nonce, for next-themes' inline script (proxy.ts). */
export function Providers({ children, nonce }: { children: ReactNode; nonce?: string }) {
  return (
    <ThemeProvider nonce={nonce} attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange>
      <QueryClientProvider client={getQueryClient()}>
        <Tooltip.Provider delayDuration={200}>{children}</Tooltip.Provider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
