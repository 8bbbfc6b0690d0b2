import type { JavaTypeRef } from "@/lib/dubbo/java-type-ref";

/**
 * Which Java types are collections and maps, and the list and map types hessian-lite
 * writes for them. CollectionSerializer writes an ArrayList (or any non-Serializable
 * collection) as an untyped list and others with their class name; MapSerializer a
 * HashMap as an untyped map (`H`) and others with their class name (`M` type). For an
 * interface or abstract type, the class Java code would commonly pass is written, and
 * the provider's hessian reads it into its declared parameter or field type.
 */

/** Collection type → list type to write (null: untyped, i.e. ArrayList). */
const LISTS: ReadonlyMap<string, string | null> = new Map([
  ["java.util.List", null],
  ["java.util.ArrayList", null],
  ["java.util.Collection", null],
  ["java.lang.Iterable", null],
  ["java.util.AbstractList", null],
  ["java.util.AbstractCollection", null],
  ["java.util.RandomAccess", null],
  ["java.util.LinkedList", "java.util.LinkedList"],
  ["java.util.Queue", "java.util.LinkedList"],
  ["java.util.Deque", "java.util.ArrayDeque"],
  ["java.util.ArrayDeque", "java.util.ArrayDeque"],
  ["java.util.Vector", "java.util.Vector"],
  ["java.util.Stack", "java.util.Stack"],
  ["java.util.Set", "java.util.HashSet"],
  ["java.util.AbstractSet", "java.util.HashSet"],
  ["java.util.HashSet", "java.util.HashSet"],
  ["java.util.LinkedHashSet", "java.util.LinkedHashSet"],
  ["java.util.SortedSet", "java.util.TreeSet"],
  ["java.util.NavigableSet", "java.util.TreeSet"],
  ["java.util.TreeSet", "java.util.TreeSet"],
  ["java.util.concurrent.CopyOnWriteArrayList", "java.util.concurrent.CopyOnWriteArrayList"],
  ["java.util.concurrent.CopyOnWriteArraySet", "java.util.concurrent.CopyOnWriteArraySet"],
]);

/** Map type → map type to write (null: untyped, i.e. HashMap). */
const MAPS: ReadonlyMap<string, string | null> = new Map([
  ["java.util.Map", null],
  ["java.util.HashMap", null],
  ["java.util.AbstractMap", null],
  ["java.util.LinkedHashMap", "java.util.LinkedHashMap"],
  ["java.util.SortedMap", "java.util.TreeMap"],
  ["java.util.NavigableMap", "java.util.TreeMap"],
  ["java.util.TreeMap", "java.util.TreeMap"],
  ["java.util.concurrent.ConcurrentMap", "java.util.concurrent.ConcurrentHashMap"],
  ["java.util.concurrent.ConcurrentHashMap", "java.util.concurrent.ConcurrentHashMap"],
  ["java.util.concurrent.ConcurrentNavigableMap", "java.util.concurrent.ConcurrentSkipListMap"],
  ["java.util.concurrent.ConcurrentSkipListMap", "java.util.concurrent.ConcurrentSkipListMap"],
  ["java.util.Hashtable", "java.util.Hashtable"],
  ["java.util.Properties", "java.util.Properties"],
  ["java.util.IdentityHashMap", "java.util.IdentityHashMap"],
  ["java.util.WeakHashMap", "java.util.WeakHashMap"],
]);

/** The list type to write for a collection class; `undefined` when `className` is not a collection the console knows. */
export function listTypeOf(className: string): string | null | undefined {
  return LISTS.get(className);
}

/** The map type to write for a map class; `undefined` when `className` is not a map the console knows. */
export function mapTypeOf(className: string): string | null | undefined {
  return MAPS.get(className);
}

/** Whether the list type keeps its elements in order of their hash (HashSet) or sorted (TreeSet): how Java iterates it when writing. */
export function elementOrder(listType: string | null): "hash" | "sorted" | "given" {
  if (listType === "java.util.HashSet") return "hash";
  if (listType === "java.util.TreeSet") return "sorted";
  return "given";
}

/** The same for maps' keys. */
export function keyOrder(mapType: string | null): "hash" | "sorted" | "given" {
  if (mapType === null || mapType === "java.util.concurrent.ConcurrentHashMap") return "hash";
  if (mapType === "java.util.TreeMap" || mapType === "java.util.concurrent.ConcurrentSkipListMap") return "sorted";
  return "given";
}

/**
 * The list type hessian-lite writes for an array: `[int`, `[long` (BasicSerializer) for
 * primitive arrays, and `[` + ArraySerializer.getArrayType(component) for object arrays:
 * `[string`, `[object`, `[date`, `[io.x.User`, `[[int`.
 */
export function arrayListType(array: JavaTypeRef & { kind: "array" }): string {
  return `[${componentName(array.component)}`;
}

function componentName(type: JavaTypeRef): string {
  switch (type.kind) {
    case "array":
      return `[${componentName(type.component)}`;
    case "primitive":
      return type.name;
    case "class":
      if (type.name === "java.lang.String") return "string";
      if (type.name === "java.lang.Object") return "object";
      if (type.name === "java.util.Date") return "date";
      return type.name;
  }
}

/**
 * Orders values as `order` says, when they are all of one comparable kind (strings by
 * UTF-16 code units as String.compareTo; numbers and bigints by value); else as given.
 */
export function sortedLikeJava<T>(items: readonly T[], keyOf: (item: T) => unknown): readonly T[] {
  const keys = items.map(keyOf);
  if (keys.every((k) => typeof k === "string")) {
    return items.map((item, i) => ({ item, k: keys[i] as string })).sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0)).map((e) => e.item);
  }
  if (keys.every((k) => typeof k === "number" || typeof k === "bigint")) {
    return items.map((item, i) => ({ item, k: keys[i] as number | bigint })).sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0)).map((e) => e.item);
  }
  return items;
}
