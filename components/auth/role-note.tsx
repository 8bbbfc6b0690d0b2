import { Lock } from "lucide-react";
import type { ReactNode } from "react";
import type { Role } from "@/lib/auth/roles";

/** A short note in place of controls the signed-in role cannot use: "Your role (viewer) cannot …". */
export function RoleNote({ role, children, ...props }: { role: Role | null; children: ReactNode; "data-testid"?: string }) {
  return (
    <p className="flex items-start gap-1.5 text-sm text-zinc-600 dark:text-zinc-400" data-role-note {...props}>
      <Lock className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden />
      <span>
        Your role{role ? ` (${role})` : ""} {children}
      </span>
    </p>
  );
}
