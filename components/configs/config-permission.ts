import type { Permission } from "@/lib/auth/roles";

/** The permission the pages ask before offering a change of an override (the server checks the same). */
export const CONFIG_WRITE: Permission = "configs.write";
