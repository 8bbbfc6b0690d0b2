"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import { Tooltip } from "radix-ui";
import type { ReactNode } from "react";
import { getQueryClient } from "./get-query-client";

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange>
      <QueryClientProvider client={getQueryClient()}>
        <Tooltip.Provider delayDuration={200}>{children}</Tooltip.Provider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
