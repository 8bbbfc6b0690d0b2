import type { Metadata } from "next";
import { NotYet } from "@/components/shell/not-yet";

export const metadata: Metadata = { title: "Routes" };

export default function RoutesPage() {
  return (
    <NotYet
      title="Condition routes"
      what="Write a condition route, preview which providers every consumer will get and why, and save it to the registry."
    />
  );
}
