import type { Metadata } from "next";
import { RegistryStatusPanel } from "@/components/registry/registry-status-panel";

export const metadata: Metadata = { title: "Registry status" };

export default function RegistryPage() {
  return (
    <div className="space-y-4">
      <header>
        <h1 className="text-xl font-semibold">Registry status</h1>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          The console&apos;s ZooKeeper sessions and what it has read from each registry.
        </p>
      </header>
      <RegistryStatusPanel />
    </div>
  );
}
