"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Send, X } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { ServiceDetail } from "@/lib/api/catalog-entities";
import { ApiError } from "@/lib/api/client/fetch-json";
import { type InvokeRequest, invokeIssuesSchema } from "@/lib/api/invoke";
import { invoke } from "@/lib/api/client/invoke-client";
import type { TypeResolver } from "@/lib/invoke/form/field-spec";
import { invokeRequestOf, recentEntryOf } from "@/lib/invoke/invoke-request";
import { DEFAULT_SETTINGS, type InvokeSettings, invokeSettingsSchema, type SettingsFields as Fields, settingsOf } from "@/lib/invoke/form/invoke-settings";
import { describeTypeFault, parseJavaType, splitTypeList } from "@/lib/dubbo/java-type-ref";
import type { RecentInvocation } from "@/lib/invoke/form/recent-invocations";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { ArgumentsSection } from "./arguments-section";
import { FieldEnvProvider, issuesByPath } from "./field-env";
import { InvokeResult } from "./invoke-result";
import { SettingsFields } from "./settings-fields";
import { useArguments } from "./use-arguments";

/** The method the form calls: its parameter types from the metadata, or null when the operator types them. */
export interface MethodTarget {
  readonly name: string;
  readonly parameterTypes: readonly string[] | null;
}

/** A recent invocation put back into the form; `send` sends it at once. */
export interface Replay {
  readonly request: InvokeRequest;
  readonly send: boolean;
}

/** The parameter types the operator typed, or why they cannot be used. */
function typedTypes(text: string): { types: string[]; problem: string | null } {
  const types = splitTypeList(text);
  for (const t of types) {
    const parsed = parseJavaType(t);
    if (!parsed.ok) return { types: [], problem: `not a Java type name (such as java.lang.String, int[] or java.util.List<com.foo.User>): ${describeTypeFault(t, parsed)}` };
  }
  return { types, problem: null };
}

/**
 * The invoke form of one method: its parameter types (typed by the operator when the
 * metadata has none), the arguments, the target, timeout and attachments, Send, and the
 * answer. Every answer, and every error, is added to the service's recent invocations.
 */
export function InvokeForm({ service, method, types, replay, onSent }: { service: ServiceDetail; method: MethodTarget; types: TypeResolver; replay: Replay | null; onSent: (entry: RecentInvocation) => void }) {
  const [typesText, setTypesText] = useState(() => (replay?.request.parameterTypes ?? method.parameterTypes ?? []).join(", "));
  const typed = useMemo(() => (method.parameterTypes === null ? typedTypes(typesText) : null), [method.parameterTypes, typesText]);
  const parameterTypes = method.parameterTypes ?? typed?.types ?? [];
  const args = useArguments(parameterTypes, types, replay?.request.args ?? null);
  const form = useForm<InvokeSettings, unknown, Fields>({ resolver: zodResolver(invokeSettingsSchema), defaultValues: replay ? settingsOf(replay.request) : DEFAULT_SETTINGS, mode: "onChange" });
  // Cancel aborts the browser's fetch; the server sees its request's signal abort and stops waiting.
  const inFlight = useRef<AbortController | null>(null);
  const call = useMutation({
    mutationFn: (request: InvokeRequest) => {
      const controller = new AbortController();
      inFlight.current = controller;
      return invoke(request, controller.signal).finally(() => {
        if (inFlight.current === controller) inFlight.current = null;
      });
    },
  });
  useEffect(() => () => inFlight.current?.abort(), []);
  const [attempted, setAttempted] = useState(false);

  const serverIssues = call.error instanceof ApiError ? invokeIssuesSchema.safeParse(call.error.details.issues) : null;
  const issues = useMemo(() => issuesByPath(args.issues, attempted, serverIssues?.success ? serverIssues.data : []), [args.issues, attempted, serverIssues]);
  const blocked = typed?.problem ?? args.jsonProblem ?? (args.issues.length > 0 ? "Some arguments need fixing (see the fields)." : null);

  const send = form.handleSubmit(
    (fields) => {
      setAttempted(true);
      if (blocked) return;
      const request = invokeRequestOf(service, method.name, parameterTypes, args.args, fields);
      call.mutate(request, { onSuccess: (answer) => onSent(recentEntryOf(request, Date.now(), { answer })), onError: (error) => onSent(recentEntryOf(request, Date.now(), { error: error.name === "AbortError" ? new Error("cancelled before an answer came") : error })) });
    },
    () => setAttempted(true),
  );
  const sendOnMount = useRef(replay?.send === true);
  useEffect(() => {
    if (!sendOnMount.current) return;
    sendOnMount.current = false;
    void send();
  }, [send]);

  return (
    <FieldEnvProvider value={{ types, issues }}>
      <form onSubmit={(e) => void send(e)} noValidate className="min-w-0 space-y-5" aria-label={`Invoke ${method.name}`}>
        {typed && (
          <label className="block min-w-0 text-sm font-medium">
            Parameter types
            <Input value={typesText} onChange={(e) => setTypesText(e.target.value)} placeholder="java.lang.String, int, com.foo.User (blank for none)" className="mt-1 font-mono text-[13px]" spellCheck={false} autoComplete="off" aria-invalid={typed.problem !== null} />
            <span className="mt-0.5 block text-xs font-normal text-zinc-500 dark:text-zinc-400">The metadata does not say them: Java names, comma-separated, as the method declares them.</span>
            {typed.problem && <span className="mt-0.5 block text-xs font-normal text-red-700 dark:text-red-300">{typed.problem}</span>}
          </label>
        )}
        <ArgumentsSection parameterTypes={parameterTypes} drafts={args.drafts} onDraft={args.setDraft} jsonText={args.jsonText} jsonProblem={args.jsonProblem} onJson={args.setJson} />
        <SettingsFields form={form} providers={service.providers} />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="primary" disabled={call.isPending} data-testid="invoke-send">
            <Send className="h-4 w-4" aria-hidden /> {call.isPending ? "Calling…" : "Send"}
          </Button>
          {call.isPending && (
            <Button type="button" onClick={() => inFlight.current?.abort()} data-testid="invoke-cancel">
              <X className="h-4 w-4" aria-hidden /> Cancel
            </Button>
          )}
          {attempted && blocked && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              Not sent: {blocked}
            </p>
          )}
        </div>
      </form>
      <div className="mt-5" aria-live="polite">
        <InvokeResult answer={call.data} error={call.error} />
      </div>
    </FieldEnvProvider>
  );
}
