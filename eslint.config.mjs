import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next/**", "node_modules/**", "test/peers/**", "next-env.d.ts", ".tmp/**"],
  },
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/server/**", "@/server/*"], message: "components/ and lib/ never import server/." }] },
      ],
    },
  },
  {
    files: ["app/**", "server/**", "test/**", "bench/**", "scripts/**", "instrumentation.ts", "proxy.ts"],
    rules: { "no-restricted-imports": "off" },
  },
];

export default config;
