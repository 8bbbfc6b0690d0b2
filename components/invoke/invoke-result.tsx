"use client";

import { ApiError } from "@/lib/api/client/fetch-json";
import { z } from "zod";
import { type InvokeAttempt, invokeAttemptSchema, invokeIssuesSchema, type InvokeResponse, type TagRoute, tagRouteSchema } from "@/lib/api/invoke";
import { formatElapsed } from "@/lib/format/elapsed";
import { countOf } from "@/lib/format/plural";
import { returnedValue } from "@/lib/invoke/returned-value";
import { type ThrownLabel, thrownLabel } from "@/lib/invoke/thrown-kind";
import { AddressLink } from "../catalog/entity-links";
import { Badge } from "../ui/badge";
import { Callout } from "../ui/callout";
import { CopyButton } from "../ui/copy-button";

const OUTCOME_TONE: Record<InvokeAttempt["outcome"], "good" | "warn" | "bad" | "neutral"> = {
  ok: "good",
  business_exception: "warn",
  timeout: "bad",
  remote_error: "bad",
  network_error: "bad",
  cancelled: "neutral",
};

/** What the console calls each error code of the invoke API, as a title. */
const ERROR_TITLES: Record<string, string> = {
  validation_failed: "Not sent: the request does not validate",
  invalid_arguments: "Not sent: the arguments do not fit the method",
  no_provider: "No provider to call",
  timeout: "No answer within the timeout",
  remote_error: "The provider answered with an error",
  not_found: "Not found",
  registry_unavailable: "The registry is unavailable",
};

/** What an error answer of a call that was tried carries besides its code and message. */
const triedSchema = z.object({ attempts: z.array(invokeAttemptSchema), elapsedMs: z.number().nonnegative(), tagRoute: tagRouteSchema.optional() });

/** What each tag route path means, in a few words (docs/api.md, "tagRoute"): the path badge's title. */
const TAG_PATH_TEXT: Record<TagRoute["path"], string> = {
  static: "no rule in force: by the providers' static dubbo.tag",
  dynamic: "the providers the rule's addresses for the tag name",
  "static-in-rule": "the tag is not in the rule: by the providers' static dubbo.tag",
  failover: "nothing matched: the providers in no address of the rule and without a static tag",
  untagged: "no tag: the providers in no address of the rule",
  thrown: "Dubbo would throw here",
};

/** Which way the tag router went: the request tag, the path, whose rule. */
function TagRouteLine({ route }: { route: TagRoute }) {
  return (
    <span data-testid="invoke-tag-route" data-tag-path={route.path}>
      <span className="text-zinc-500 dark:text-zinc-400">Tag</span> <span className="font-mono">{route.tag ?? "none"}</span>
      {route.force ? " (forced)" : ""}{" "}
      <Badge tone="neutral" title={TAG_PATH_TEXT[route.path]}>
        {route.path}
      </Badge>{" "}
      <span className="text-zinc-500 dark:text-zinc-400">{route.rule === null ? "no tag rule" : `rule of ${route.rule}`}</span>
    </span>
  );
}

/** Whether `error` is the browser's own abort (the Cancel button). */
function isAbort(error: Error): boolean {
  return error.name === "AbortError";
}

/** An attempt's outcome in words: a try that threw says what kind of throwable it was, when the answer tells. */
function outcomeText(outcome: InvokeAttempt["outcome"], thrown: ThrownLabel | undefined): string {
  if (outcome === "business_exception") return thrown?.label ?? "threw";
  return outcome.replace("_", " ");
}

/** Who answered (none for a call that failed), how long it took, the tag router's path (when it ran), and every try on the way. */
function Served({ answer, thrown }: { answer: Pick<InvokeResponse, "elapsedMs" | "attempts"> & { provider?: string; protocol?: string; tagRoute?: TagRoute | null }; thrown?: ThrownLabel }) {
  return (
    <div className="space-y-2 text-sm">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {answer.provider !== undefined && (
          <span>
            <span className="text-zinc-500 dark:text-zinc-400">Provider</span> <AddressLink value={answer.provider} />
            {answer.protocol && (
              <span className="ml-1.5" data-testid="invoke-protocol" data-protocol={answer.protocol}>
                <Badge tone="info">{answer.protocol === "tri" ? "over Triple" : answer.protocol}</Badge>
              </span>
            )}
          </span>
        )}
        <span data-testid="invoke-elapsed">
          <span className="text-zinc-500 dark:text-zinc-400">Time</span> <span className="tabular-nums">{formatElapsed(answer.elapsedMs)}</span>
        </span>
        <span className="text-zinc-500 dark:text-zinc-400">{countOf(answer.attempts.length, "attempt")}</span>
        {answer.tagRoute && <TagRouteLine route={answer.tagRoute} />}
      </p>
      {answer.attempts.length > 0 && (
        <ol className="divide-y divide-zinc-100 rounded-md border border-zinc-200 text-xs dark:divide-zinc-800 dark:border-zinc-800" data-testid="invoke-attempts">
          {answer.attempts.map((a, i) => (
            <li key={i} className="flex flex-wrap items-center gap-x-3 gap-y-0.5 px-2.5 py-1.5" data-attempt-outcome={a.outcome}>
              <span className="w-4 text-zinc-500 tabular-nums dark:text-zinc-400">{i + 1}</span>
              <span className="font-mono">{a.provider}</span>
              {a.protocol && <span className="text-zinc-500 dark:text-zinc-400">{a.protocol}</span>}
              <Badge tone={a.outcome === "business_exception" && thrown ? thrown.tone : OUTCOME_TONE[a.outcome]}>{outcomeText(a.outcome, thrown)}</Badge>
              <span className="tabular-nums">{formatElapsed(a.elapsedMs)}</span>
              {a.message && <span className="min-w-0 basis-full text-zinc-600 [overflow-wrap:anywhere] dark:text-zinc-400">{a.message}</span>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** The value a method returned, as indented JSON; a void method, or no value of an unknown return type, said in words. */
function Value({ value, returnType }: { value: unknown; returnType: string | null }) {
  const shown = returnedValue(value, returnType);
  if (shown.kind === "void" || shown.kind === "none") {
    return (
      <p className="rounded-md border border-zinc-200 bg-zinc-50 p-3 text-sm text-zinc-700 italic dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-300" data-testid="invoke-value" data-returned={shown.kind}>
        {shown.text}
      </p>
    );
  }
  const text = shown.text;
  return (
    <div className="relative min-w-0">
      <pre className="max-h-[32rem] overflow-auto rounded-md border border-zinc-200 bg-zinc-50 p-3 pr-10 font-mono text-[13px] leading-relaxed dark:border-zinc-800 dark:bg-zinc-950" data-testid="invoke-value" data-returned={shown.kind}>
        {text}
      </pre>
      <CopyButton text={text} label="Copy the value" className="absolute top-1.5 right-1.5" />
    </div>
  );
}

/**
 * The answer of the last Send: the value (JSON) with the provider, the time and the tries;
 * an exception the method threw, by class and message with its stack trace folded; or the
 * console's error with its message and, for a 400, the issues.
 */
export function InvokeResult({ answer, error }: { answer: InvokeResponse | undefined; error: Error | null }) {
  if (error && isAbort(error)) {
    return (
      <Callout tone="neutral" title="Cancelled" data-testid="invoke-error" data-error-code="cancelled">
        <p>The call was cancelled: the console stopped waiting for its answer.</p>
      </Callout>
    );
  }
  if (error) {
    const issues = error instanceof ApiError ? invokeIssuesSchema.safeParse(error.details.issues) : null;
    const tried = error instanceof ApiError ? triedSchema.safeParse(error.details) : null;
    const title = error instanceof ApiError ? (ERROR_TITLES[error.code] ?? `Failed: ${error.code}`) : "The console did not answer";
    return (
      <div className="min-w-0 space-y-3">
        <Callout tone="bad" title={title} data-testid="invoke-error" data-error-code={error instanceof ApiError ? error.code : "network"}>
          <p className="[overflow-wrap:anywhere]">{error.message}</p>
          {issues?.success && issues.data.length > 0 && (
            <ul className="list-disc pl-5 text-xs">
              {issues.data.map((i, n) => (
                <li key={n}>
                  <code className="font-mono">{i.path}</code>: {i.message}
                </li>
              ))}
            </ul>
          )}
        </Callout>
        {tried?.success && <Served answer={tried.data} />}
      </div>
    );
  }
  if (!answer) return null;
  if (answer.ok) {
    return (
      <section className="min-w-0 space-y-3" data-testid="invoke-answer" data-outcome="value" aria-label="Answer">
        <h2 className="flex items-center gap-2 text-base font-semibold">
          Returned <Badge tone="good">ok</Badge>
        </h2>
        <Value value={answer.value} returnType={answer.returnType} />
        <Served answer={answer} />
      </section>
    );
  }
  const { error: thrown } = answer;
  const kind = thrownLabel(thrown);
  return (
    <section className="min-w-0 space-y-3" data-testid="invoke-answer" data-outcome="exception" data-thrown-kind={kind.kind} aria-label="Answer">
      <Callout
        tone={kind.tone}
        title={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1 [overflow-wrap:anywhere]">
            <span className="min-w-0">{kind.title}</span> <Badge tone={kind.tone}>{kind.label}</Badge>
          </span>
        }
      >
        <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="thrown-kind">
          {kind.explanation}
        </p>
        <p className="[overflow-wrap:anywhere]" data-testid="exception-message">
          {thrown.message ?? <span className="italic">(no message)</span>}
        </p>
        {thrown.stackTrace.length > 0 && (
          <details className="text-xs">
            <summary className="cursor-pointer select-none">Stack trace ({countOf(thrown.stackTrace.length, "frame")})</summary>
            <pre className="mt-1 max-h-80 overflow-auto font-mono text-[12px] leading-relaxed whitespace-pre" data-testid="stack-trace">
              {thrown.stackTrace.map((f) => `at ${f}`).join("\n")}
            </pre>
          </details>
        )}
      </Callout>
      <Served answer={answer} thrown={kind} />
    </section>
  );
}
