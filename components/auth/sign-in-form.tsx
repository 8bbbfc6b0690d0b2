"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { LogIn } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { ApiError } from "@/lib/api/client/fetch-json";
import { queryKeys } from "@/lib/api/client/queries";
import { type SignInBody, signInBodySchema } from "@/lib/api/session";
import { retryAfterSeconds, signIn } from "@/lib/api/client/session-client";
import { Button } from "../ui/button";
import { Callout } from "../ui/callout";
import { Input } from "../ui/input";

const label = "block text-sm font-medium";
const fieldError = "mt-1 block text-xs font-normal text-red-700 dark:text-red-300";

/** What a refused sign-in says: wrong credentials, the wait of a rate limit, or the server's message. */
function refusal(error: unknown, waitLeft: number): string {
  if (error instanceof ApiError && error.status === 401) return "Wrong user name or password.";
  if (error instanceof ApiError && error.status === 429) return waitLeft > 0 ? `Too many sign-in attempts. Try again in ${waitLeft} s.` : "Too many sign-in attempts. Try again now.";
  return error instanceof Error ? `Could not sign in: ${error.message}` : "Could not sign in.";
}

/** A wait a 429 asked for; a new object for each refusal, so the same wait twice restarts the countdown. */
type Wait = { readonly seconds: number };

/** Seconds left of `wait` since it was set, ticking down once a second; 0 once past or unset. */
function useCountdown(wait: Wait | null): number {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (wait === null) return;
    const until = Date.now() + wait.seconds * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((until - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [wait]);
  return wait === null ? 0 : left;
}

/**
 * The sign-in form: name and password, checked in the browser by the API's own schema,
 * then POST /api/v1/session. On success the tab loads `next` (already made a same-site
 * path by the page) afresh, so every answer is read with the new session.
 */
export function SignInForm({ next }: { next: string }) {
  const queryClient = useQueryClient();
  const form = useForm<SignInBody>({ resolver: zodResolver(signInBodySchema), defaultValues: { name: "", password: "" } });
  const { register, handleSubmit, formState, setFocus } = form;
  const [error, setError] = useState<unknown>(null);
  const [wait, setWait] = useState<Wait | null>(null);
  const waitLeft = useCountdown(wait);

  const onSubmit = async (values: SignInBody) => {
    setError(null);
    try {
      const answer = await signIn(values);
      queryClient.setQueryData(queryKeys.session(), { auth: "on", user: answer.user });
      window.location.assign(next);
    } catch (e) {
      setError(e);
      const seconds = retryAfterSeconds(e);
      setWait(seconds === null ? null : { seconds });
      if (e instanceof ApiError && e.status === 401) {
        form.resetField("password");
        setFocus("password");
      }
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Sign in" className="space-y-4" data-testid="sign-in-form">
      <label className={label}>
        User name
        <Input {...register("name")} autoComplete="username" autoFocus aria-invalid={!!formState.errors.name} className="mt-1" spellCheck={false} autoCapitalize="none" />
        {formState.errors.name && <span className={fieldError}>{formState.errors.name.message}</span>}
      </label>
      <label className={label}>
        Password
        <Input {...register("password")} type="password" autoComplete="current-password" aria-invalid={!!formState.errors.password} className="mt-1" />
        {formState.errors.password && <span className={fieldError}>{formState.errors.password.message}</span>}
      </label>
      {error !== null && (
        <Callout tone="bad" data-testid="sign-in-error">
          {refusal(error, waitLeft)}
        </Callout>
      )}
      <Button type="submit" variant="primary" className="w-full" disabled={formState.isSubmitting || waitLeft > 0} data-testid="sign-in-submit">
        <LogIn className="h-4 w-4" aria-hidden />
        {formState.isSubmitting ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
