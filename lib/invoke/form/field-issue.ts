/**
 * A problem with one value of the invoke form, at its place in the arguments: `[0,
 * "address", "zip"]` is the `zip` of the first argument's `address`; a list element is
 * its index, a map value its key.
 */
export interface FieldIssue {
  readonly path: readonly (string | number)[];
  readonly message: string;
  /** Only that a value is missing: the form shows these once the operator tries to send. */
  readonly required: boolean;
}

/**
 * The path as the invoke API names it in its issues, from the body's root:
 * `args.0.address.zip`, so the server's and the form's issues can be matched.
 */
export function issuePath(path: readonly (string | number)[]): string {
  return ["args", ...path].join(".");
}
