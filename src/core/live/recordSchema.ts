import { custom, pipe, transform } from 'zod/mini'
// trackedTransactionSchema runs record.ts's guard and keeps the same copy; it lives apart so that the
// tracker and the Pending group, which use the guard, load no zod.
import { copyStoredTrackedTransaction, isStoredTrackedTransaction, type StoredTrackedTransaction } from './record.js'

/**
 * Checks a stored tracked transaction, for apps that read records from their own storage: a zod
 * schema whose `safeParse` accepts a valid record and returns a copy holding only its own fields.
 *
 * @example
 * ```ts
 * import { trackedTransactionSchema } from 'blockfeed'
 *
 * const stored: unknown = JSON.parse(localStorage.getItem('my-app:last-send') ?? 'null')
 * const result = trackedTransactionSchema.safeParse(stored)
 * if (result.success) console.log(result.data.status)
 * ```
 */
export const trackedTransactionSchema = pipe(custom<StoredTrackedTransaction>(isStoredTrackedTransaction), transform(copyStoredTrackedTransaction))
