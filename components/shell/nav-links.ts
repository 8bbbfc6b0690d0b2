import { Activity, Boxes, History, type LucideIcon, Network, Route, Send, ShieldCheck, Share2, SlidersHorizontal, Tags, UserCog } from "lucide-react";
import type { Permission } from "@/lib/auth/roles";

/** One entry of the main navigation. */
export interface NavLink {
  href: string;
  label: string;
  icon: LucideIcon;
  /** What the signed-in role needs for the entry to show; every entry needs `read`. */
  permission?: Permission;
}

/** The console's sections, in the order the header and the phone menu show them. */
export const NAV_LINKS: readonly NavLink[] = [
  { href: "/services", label: "Services", icon: Network },
  { href: "/applications", label: "Applications", icon: Boxes },
  { href: "/topology", label: "Graph", icon: Share2 },
  { href: "/routes", label: "Routes", icon: Route },
  { href: "/tag-routes", label: "Tag routes", icon: Tags },
  { href: "/configs", label: "Configs", icon: SlidersHorizontal },
  { href: "/access", label: "Access", icon: ShieldCheck },
  { href: "/invoke", label: "Invoke", icon: Send, permission: "invoke" },
  { href: "/audit", label: "Audit", icon: History },
  { href: "/registry", label: "Registry status", icon: Activity },
  { href: "/users", label: "Users", icon: UserCog, permission: "users.manage" },
];

/** Whether `href`'s section is the one being shown (its page or one below it). */
export function isCurrentSection(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
