/**
 * `npm run bench` runs server code outside Next.js, some of which imports `server-only`
 * (server/governance/invoke/invoke.ts, through server/runtime/engine.ts): that package throws
 * unless resolved under the `react-server` condition, as Next.js resolves it on the
 * server (to an empty module). Passed to node as `--import`; registers the resolve hook
 * of server-only-resolve.mjs, which gives that condition to `server-only` alone.
 */
import { register } from "node:module";

register("./server-only-resolve.mjs", import.meta.url);
