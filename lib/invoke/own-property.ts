/**
 * Sets `key` on `target` as an own, enumerable data property, whatever the key: a map key
 * or a property named `__proto__` becomes a member like any other, not the object's
 * prototype (as plain assignment would make it).
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
