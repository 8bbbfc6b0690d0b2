/**
 * Hessian-ready values: JavaScript values that say which Java value they stand for, so the
 * writer (hessian-writer.ts) puts exactly the hessian2 hessian-lite would write for that
 * Java value. to-java.ts makes them from JSON; the reader (hessian-reader.ts) gives back the
 * same shapes except that lists come back as arrays and maps as `Map`s.
 *
 * | value | Java | hessian2 |
 * |---|---|---|
 * | `null` / `undefined` | null | `N` |
 * | `boolean` | boolean | `T` / `F` |
 * | `number`, an int32 integer | int (and byte, short) | int |
 * | `number`, otherwise | double | double |
 * | `bigint` | long | long (all 64 bits) |
 * | {@link JavaDouble} | double or float, whatever its value | double |
 * | `string` | String, char | string |
 * | `Date` | java.util.Date | date |
 * | `Buffer` / `Uint8Array` | byte[] | binary |
 * | `readonly HessianValue[]`, {@link JavaList} | a collection or array | list (typed or not) |
 * | `Map`, {@link JavaMap} | a map | map (typed or not) |
 * | {@link JavaObject} | an instance of a class (POJO, enum, BigDecimal...) | class definition + object |
 */
export type HessianValue =
  | null
  | undefined
  | boolean
  | number
  | bigint
  | string
  | Date
  | Uint8Array
  | JavaDouble
  | JavaList
  | JavaMap
  | JavaObject
  | readonly HessianValue[]
  | ReadonlyMap<HessianValue, HessianValue>;

/** A double (or a float, widened) even when its value is integral: `2.0` stays a double on the wire. */
export class JavaDouble {
  constructor(readonly value: number) {}
}

/**
 * A hessian list. `type` is the list type hessian-lite writes: null for ArrayList (and any
 * untyped list), the class name for other collections (`java.util.HashSet`), and for arrays
 * `[int`, `[string`, `[object`, `[date`, `[io.x.User`, `[[int` (ArraySerializer.getArrayType).
 */
export class JavaList {
  constructor(
    readonly type: string | null,
    readonly items: readonly HessianValue[],
  ) {}
}

/** A hessian map: `type` null for HashMap (`H`), else the map class (`M` type, e.g. java.util.TreeMap). Entries in order. */
export class JavaMap {
  constructor(
    readonly type: string | null,
    readonly entries: readonly (readonly [HessianValue, HessianValue])[],
  ) {}
}

/**
 * An instance of a class, written as a hessian class definition (class name, field names)
 * and the field values in that order. Enums are objects of one field, `name`; BigDecimal
 * one field, `value` (its toString()). Keys of `fields` are Java field names, in wire order.
 */
export class JavaObject {
  constructor(
    readonly className: string,
    readonly fields: Readonly<Record<string, HessianValue>>,
  ) {}
}
