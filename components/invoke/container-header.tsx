"use client";

import { X } from "lucide-react";
import type { ReactNode } from "react";
import type { Draft, Place } from "@/lib/invoke/form/draft";
import { JavaType } from "../service-detail/java-type";
import { iconButton } from "./icon-button";

/** What a list, map or POJO left empty is sent as. */
export function missingText(draft: Draft, place: Place): string {
  return draft.presence === "null" || place !== "property" ? "null" : "not sent";
}

/**
 * The line above a list, map or POJO: its type, how much it holds, its actions, and a ✕
 * that takes it back to "not sent" (a property) or null.
 */
export function ContainerHeader({ type, count, label, onClear, children }: { type: string; count?: string; label: string; onClear?: () => void; children?: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      <span className="min-w-0 font-mono text-xs [overflow-wrap:anywhere]">
        <JavaType type={type} />
      </span>
      {count && <span className="text-xs text-zinc-500 dark:text-zinc-400">{count}</span>}
      <span className="ml-auto flex items-center gap-1">
        {children}
        {onClear && (
          <button type="button" aria-label={`Clear ${label}`} title="Clear" onClick={onClear} className={iconButton}>
            <X className="h-3.5 w-3.5" aria-hidden />
          </button>
        )}
      </span>
    </div>
  );
}
