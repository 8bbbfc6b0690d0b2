"use client";

import { useSession } from "../auth/use-session";
import { NAV_LINKS, type NavLink } from "./nav-links";

/** The navigation entries the signed-in role may use (an entry with a permission stays hidden until the role is known). */
export function useNavLinks(): readonly NavLink[] {
  const { can } = useSession();
  return NAV_LINKS.filter((link) => link.permission === undefined || can(link.permission));
}
