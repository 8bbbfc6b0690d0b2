import type { Metadata } from "next";
import { NotYet } from "@/components/shell/not-yet";

export const metadata: Metadata = { title: "Invoke" };

export default function InvokePage() {
  return (
    <NotYet
      title="Test invocation"
      what="Call a provider method from a form, through the cluster or pinned to one provider, and see the value, the provider and the timing."
    />
  );
}
