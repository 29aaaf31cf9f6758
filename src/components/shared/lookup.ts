/**
 * A table lookup that reads own keys only: service text such as `"constructor"`,
 * `"__proto__"` or `"toString"` finds nothing instead of an `Object.prototype` member.
 */
export function ownValue<T>(table: Readonly<Record<string, T>>, key: string | null | undefined): T | undefined {
  return typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined
}
