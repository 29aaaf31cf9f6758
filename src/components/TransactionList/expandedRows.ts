import { useCallback, useState } from 'react'
import { entryId } from '../../core/history/entryId.js'
import type { TransactionEntry } from '../../core/history/schema.js'

/**
 * Which rows have their details open, by entry id: a row scrolled away and back (unmounted by
 * the virtualizer) stays open.
 */
export function useExpandedRows() {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set())
  const onExpandedChange = useCallback((open: boolean, tx: TransactionEntry) => {
    const id = entryId(tx)
    setExpanded((was) => {
      const next = new Set(was)
      if (open) next.add(id)
      else next.delete(id)
      return next
    })
  }, [])
  return { expanded, onExpandedChange }
}
