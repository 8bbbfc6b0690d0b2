"use client";

import { ServicePicker } from "../services/service-picker";
import { newRouteHref } from "./route-hrefs";

/** The first step of a new route: choose its service (searched as on the Services page); the editor opens on that service's page. */
export function NewRoutePicker() {
  return <ServicePicker label="New route for which service?" testId="new-route-picker" hrefOf={(s) => newRouteHref(s.key)} />;
}
