import type { Metadata } from "next";
import { ServicesView } from "@/components/services/services-view";

export const metadata: Metadata = { title: "Services" };

export default function ServicesPage() {
  return (
    <div className="space-y-4">
      <header>
        <h1 className="text-xl font-semibold">Services</h1>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          Every service registered under the registry root, by interface, group and version.
        </p>
      </header>
      <ServicesView />
    </div>
  );
}
