import type { Metadata } from "next";
import { AllConfigsView } from "@/components/configs/all-configs-view";

export const metadata: Metadata = { title: "Configs" };
export const dynamic = "force-dynamic";

/** Every override (configurator) in the registries, for every service and application; the client reads and keeps it current. */
export default function ConfigsPage() {
  return (
    <div className="space-y-4">
      <header>
        <h1 className="text-xl font-semibold">Configs</h1>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          Overrides in the registry&apos;s configurators category and the config center, for every service and application, whoever wrote them. Open one to edit it on its service&apos;s or
          application&apos;s page.
        </p>
      </header>
      <AllConfigsView />
    </div>
  );
}
