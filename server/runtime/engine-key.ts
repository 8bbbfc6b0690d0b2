/**
 * Where the process's one engine is kept on globalThis. `Symbol.for`, so every module graph
 * Next.js loads (instrumentation, each route and page bundle, dev reloads) finds the same
 * engine. This file imports nothing: a route bundle that reaches the engine through
 * engine-ref.ts carries this symbol, not the engine's module graph.
 */
export const ENGINE_KEY = Symbol.for("dubbo-console.engine");
