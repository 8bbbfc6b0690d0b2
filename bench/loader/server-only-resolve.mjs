/** The resolve hook of server-only.mjs: `server-only` as Next.js resolves it on the server (its empty module). */
export async function resolve(specifier, context, nextResolve) {
  if (specifier !== "server-only") return nextResolve(specifier, context);
  return nextResolve(specifier, { ...context, conditions: [...context.conditions, "react-server"] });
}
