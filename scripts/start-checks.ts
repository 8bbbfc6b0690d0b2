/**
 * What scripts/start.mjs runs before Next.js loads, in one module: the configuration check
 * (the console's one parser, exiting with one line on a fault), the reading of `next
 * start`'s options, the stamping of each request with the client's socket address, and
 * the answer to methods Next cannot serve.
 *
 * `npm run build` compiles this file and what it imports into plain JavaScript
 * (scripts/build-start-checks.mjs, `.next/console-start/start-checks.mjs`), so the start
 * entry needs no TypeScript loader at run time: a loader left registered in the process
 * (tsx's module hooks) would sit on the path of every later import, the server's included.
 */
export { parseConfigOrExit } from "../server/runtime/config-or-exit";
export { refuseFetchForbiddenMethods } from "../app/api/_lib/fetch-forbidden-methods";
export { stampPeerAddress } from "../app/api/_lib/peer-address";
export { parseStartOptions, type StartOptions } from "./start-options";
