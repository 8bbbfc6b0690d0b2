"use client";

import { createContext, useContext } from "react";
import type { FieldIssue } from "@/lib/invoke/form/field-issue";
import { issuePath } from "@/lib/invoke/form/field-issue";
import { TypeResolver } from "@/lib/invoke/form/field-spec";

/**
 * What every field of the invoke form reads besides its own value: the service's types,
 * and the problems found so far by place (the form's own, and the server's last 400).
 */
export interface FieldEnv {
  readonly types: TypeResolver;
  /** Messages by issue path (`args.0.address.zip`). */
  readonly issues: ReadonlyMap<string, readonly string[]>;
}

const FieldEnvContext = createContext<FieldEnv>({ types: new TypeResolver(), issues: new Map() });

export const FieldEnvProvider = FieldEnvContext.Provider;

export function useFieldEnv(): FieldEnv {
  return useContext(FieldEnvContext);
}

/**
 * The messages by path of `issues` (a missing value only once `showRequired`, after the
 * operator tried to send) and of the server's issues.
 */
export function issuesByPath(issues: readonly FieldIssue[], showRequired: boolean, server: readonly { path: string; message: string }[]): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  const add = (path: string, message: string) => byPath.set(path, [...(byPath.get(path) ?? []), message]);
  for (const issue of issues) if (showRequired || !issue.required) add(issuePath(issue.path), issue.message);
  for (const issue of server) add(issue.path, issue.message);
  return byPath;
}

/** The messages at `path`, and the id the field's input is described by when there are any. */
export function useFieldIssues(path: readonly (string | number)[]): { messages: readonly string[]; id: string } {
  const key = issuePath(path);
  return { messages: useFieldEnv().issues.get(key) ?? [], id: `issues-${key}` };
}

/** The messages under a field. */
export function FieldIssues({ messages, id }: { messages: readonly string[]; id: string }) {
  if (messages.length === 0) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-xs text-red-700 dark:text-red-300" data-field-issues>
      {messages.map((m, i) => (
        <li key={i}>{m}</li>
      ))}
    </ul>
  );
}
