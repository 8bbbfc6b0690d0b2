import { None } from "../ui/none";
import { ApplicationLink } from "./entity-links";

/** Application names, comma-separated, each linking to its page; the list wraps between names. */
export function ApplicationLinks({ apps }: { apps: readonly string[] }) {
  if (apps.length === 0) return <None />;
  return apps.map((app, i) => (
    <span key={app}>
      {i > 0 && ", "}
      <ApplicationLink name={app} />
    </span>
  ));
}
