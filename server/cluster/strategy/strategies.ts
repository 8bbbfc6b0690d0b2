import { AvailableStrategy } from "./available";
import { BroadcastStrategy } from "./broadcast";
import { FailbackStrategy } from "./failback";
import { FailfastStrategy } from "./failfast";
import { FailoverStrategy } from "./failover";
import { FailsafeStrategy } from "./failsafe";
import { ForkingStrategy } from "./forking";
import type { ClusterName, Strategy } from "./strategy";

/** A new strategy of the named kind, for one cluster invoker. */
export function createStrategy(name: ClusterName): Strategy {
  switch (name) {
    case "failover":
      return new FailoverStrategy();
    case "failfast":
      return new FailfastStrategy();
    case "failsafe":
      return new FailsafeStrategy();
    case "failback":
      return new FailbackStrategy();
    case "forking":
      return new ForkingStrategy();
    case "broadcast":
      return new BroadcastStrategy();
    case "available":
      return new AvailableStrategy();
  }
}
