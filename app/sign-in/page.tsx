import type { Metadata } from "next";
import { SignInPanel } from "@/components/auth/sign-in-panel";
import { safeNextPath } from "@/lib/auth/sign-in-href";

export const metadata: Metadata = { title: "Sign in" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * `/sign-in?next=/routes`: the server sends pages here without a session. `next` is
 * reduced to a path of this console before it reaches the browser (open-redirect safe).
 */
export default async function SignInPage({ searchParams }: Props) {
  const raw = (await searchParams).next;
  const next = safeNextPath(Array.isArray(raw) ? raw.at(-1) : raw);
  return <SignInPanel next={next} />;
}
