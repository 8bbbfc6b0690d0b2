/** Next.js calls register() once per server process before serving: start the engine there. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { bootEngine } = await import("./server/runtime/boot");
  bootEngine();
}
