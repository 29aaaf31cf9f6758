import { custom, pipe, transform } from 'zod/mini'
import { copyStoredTrackedTransaction, isStoredTrackedTransaction, type StoredTrackedTransaction } from './record.js'

/**
 * A stored tracked transaction as a zod schema, for apps that check records themselves (exported
 * from the package root). It runs record.ts's guard and keeps the same copy (own fields only); it
 * lives apart so that the tracker and the Pending group, which use the guard, load no zod.
 */
export const trackedTransactionSchema = pipe(custom<StoredTrackedTransaction>(isStoredTrackedTransaction), transform(copyStoredTrackedTransaction))
