import type { Permission } from "@/lib/auth/roles";

/**
 * The permission the pages ask before offering a change of an override. The server checks
 * `configs.write` (branch config-store adds it to lib/auth/roles.ts); until it is merged,
 * the pages ask `routes.write`, which the same preset roles hold.
 */
export const CONFIG_WRITE: Permission = "routes.write";
