import type { UseInfiniteQueryResult } from '@tanstack/react-query'

/**
 * A query result with fields of the hook's own (`transactions`, …) laid over it: a view over
 * TanStack's tracking proxy, not a copy, which would read and so track every field. A field of
 * the hook's replaces the result's of the same name (listed once, as a Proxy must).
 */
export function withFields<R extends UseInfiniteQueryResult<unknown, unknown>, E extends Record<string, unknown>>(result: R, fields: E): R & E {
  const own = (key: PropertyKey) => Object.hasOwn(fields, key)
  return new Proxy(result, {
    get: (target, key) => (own(key) ? fields[key as keyof E] : Reflect.get(target, key)),
    has: (target, key) => own(key) || Reflect.has(target, key),
    ownKeys: (target) => [...new Set([...Reflect.ownKeys(target), ...Object.keys(fields)])],
    getOwnPropertyDescriptor: (target, key) =>
      own(key) ? { value: fields[key as keyof E], enumerable: true, configurable: true, writable: false } : Reflect.getOwnPropertyDescriptor(target, key),
  }) as R & E
}
