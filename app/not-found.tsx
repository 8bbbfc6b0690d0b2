import type { Metadata } from "next";
import { NotFoundPanel } from "@/components/shell/not-found-panel";

export const metadata: Metadata = { title: "Page not found" };

/** Any address the console has no page for: shown inside the shell, in the operator's theme. */
export default function NotFound() {
  return <NotFoundPanel />;
}
