import Link from "next/link";
import { Callout } from "../ui/callout";

/** What an entity page opened without its parameter shows: what it needs, an example, and the way to the list. */
export function MissingParam({ what, param, example }: { what: string; param: string; example: string }) {
  return (
    <Callout data-testid="missing-param" title={`Which ${what}?`}>
      <p>
        This page shows one {what}, named by <code className="font-mono text-xs">?{param}=</code> in the address, e.g.{" "}
        <code className="font-mono text-xs [overflow-wrap:anywhere]">{example}</code>.
      </p>
      <p className="mt-2">
        <Link href="/services" className="text-brand-700 underline-offset-2 hover:underline dark:text-sky-300">
          Find it on the Services page
        </Link>
      </p>
    </Callout>
  );
}
