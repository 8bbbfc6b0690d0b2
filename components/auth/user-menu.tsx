"use client";

import { LogOut, UserRound } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useState } from "react";
import { signOut } from "@/lib/api/client/session-client";
import { SIGN_IN_PATH } from "@/lib/auth/sign-in-href";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { useSession } from "./use-session";

/**
 * The signed-in user in the header: a button with the name that opens the role and Sign out.
 * Nothing when no one is signed in (authentication off, or the sign-in page).
 */
export function UserMenu() {
  const { state } = useSession();
  const [failed, setFailed] = useState<string | null>(null);
  const user = state?.user;
  if (!user || state.auth === "off") return null;
  const onSignOut = async () => {
    try {
      await signOut();
      window.location.assign(SIGN_IN_PATH);
    } catch (e) {
      setFailed(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Signed in as ${user.name} (${user.role})`} data-testid="user-menu" className="min-w-0 px-2">
          <UserRound className="h-4 w-4 shrink-0" aria-hidden />
          <span className="max-w-28 truncate max-sm:sr-only">{user.name}</span>
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-30 min-w-48 rounded-md border border-zinc-200 bg-white p-1 shadow-md dark:border-zinc-800 dark:bg-zinc-900">
          <div className="px-2 py-1.5 text-sm">
            <p className="font-medium [overflow-wrap:anywhere]" data-testid="user-name">
              {user.name}
            </p>
            <p className="mt-0.5 flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
              Role <Badge data-testid="user-role">{user.role}</Badge>
            </p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-200 dark:bg-zinc-800" />
          <DropdownMenu.Item
            onSelect={() => void onSignOut()}
            data-testid="sign-out"
            className="flex cursor-default items-center gap-2 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800"
          >
            <LogOut className="h-4 w-4" aria-hidden />
            Sign out
          </DropdownMenu.Item>
          {failed && <p className="px-2 py-1 text-xs text-red-700 dark:text-red-300">{failed}</p>}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
