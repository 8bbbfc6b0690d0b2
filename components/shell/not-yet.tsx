import { Callout } from "../ui/callout";

/** An honest placeholder for a section whose feature has not been built yet. */
export function NotYet({ title, what }: { title: string; what: string }) {
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">{title}</h1>
      <Callout>
        <p>{what}</p>
        <p className="mt-2 text-zinc-500">Not available in this version of the console yet.</p>
      </Callout>
    </div>
  );
}
