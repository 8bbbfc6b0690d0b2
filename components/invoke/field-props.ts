import type { ComponentType } from "react";
import type { Draft, Place } from "@/lib/invoke/form/draft";
import type { FieldSpec } from "@/lib/invoke/form/field-spec";

/** What every editor of one value of the invoke form takes. */
export interface FieldProps {
  readonly spec: FieldSpec;
  readonly draft: Draft;
  readonly onChange: (draft: Draft) => void;
  readonly place: Place;
  /** Where the value sits in the arguments (see lib/invoke/form/field-issue.ts). */
  readonly path: readonly (string | number)[];
  /** The field's accessible name: `Argument 1`, `city`, `item 2`, `value of "team"`. */
  readonly label: string;
}

/**
 * An editor of a container's parts: the general field editor, handed down by it so the
 * container editors need not import it (which would make an import cycle).
 */
export type ChildEditor = ComponentType<FieldProps>;
