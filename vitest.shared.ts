import { fileURLToPath } from "node:url";
import type { ViteUserConfig } from "vitest/config";

/** Settings every test project shares: the `@/` alias, and `server-only` made importable outside Next. */
export const shared: ViteUserConfig = {
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      "server-only": fileURLToPath(new URL("./test/support/server-only-stub.ts", import.meta.url)),
    },
  },
};
