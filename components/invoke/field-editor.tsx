"use client";

import { isScalar } from "@/lib/invoke/form/field-spec";
import type { FieldProps } from "./field-props";
import { JsonField } from "./json-field";
import { ListField } from "./list-field";
import { MapField } from "./map-field";
import { ObjectField } from "./object-field";
import { ScalarField } from "./scalar-field";

/** The editor of one value, chosen by its type's kind; containers get this editor for their parts. */
export function FieldEditor(props: FieldProps) {
  const { spec } = props;
  if (isScalar(spec)) return <ScalarField {...props} spec={spec} />;
  switch (spec.kind) {
    case "list":
      return <ListField {...props} spec={spec} Child={FieldEditor} />;
    case "map":
      return <MapField {...props} spec={spec} Child={FieldEditor} />;
    case "object":
      return <ObjectField {...props} spec={spec} Child={FieldEditor} />;
    case "json":
      return <JsonField {...props} spec={spec} />;
  }
}
