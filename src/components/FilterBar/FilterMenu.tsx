import { useMemo } from 'react'
import type { WalletHistoryFilter } from '../../core/history/filter.js'
import type { TransactionEntry } from '../../core/history/schema.js'
import type { MainPart } from '../../i18n/types.js'
import { displayAddress } from '../shared/address.js'
import { fillTemplate } from '../shared/template.js'
import { cleanText, clipText } from '../shared/text.js'

// What is shown in a date box: the filter's day (UTC), whatever form the date was given in.
function dayOf(value: WalletHistoryFilter['fromDate']): string {
  if (value === undefined) return ''
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value * 1000 : /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value)
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : ''
}

/** The categories and tokens of the loaded entries, in first-seen order; own keys only (Map). */
function optionsOf(entries: readonly TransactionEntry[], filter: WalletHistoryFilter) {
  const categories = new Map<string, string>()
  const tokens = new Map<string, string>()
  for (const e of entries) {
    if (e.category) categories.set(e.category.toLowerCase(), e.category)
    // Service text, cleaned of invisible and direction-changing characters and clipped.
    for (const t of e.erc20_transfer) if (!tokens.has(t.address.toLowerCase())) tokens.set(t.address.toLowerCase(), clipText(cleanText(t.token_symbol) ?? cleanText(t.token_name) ?? '', 24).shown)
    for (const t of e.nft_transfers) if (!tokens.has(t.token_address.toLowerCase())) tokens.set(t.token_address.toLowerCase(), '')
  }
  // What the filter names stays offered (and so can be unchecked) even when no loaded entry has it.
  for (const c of filter.categories ?? []) if (!categories.has(c.toLowerCase())) categories.set(c.toLowerCase(), c)
  for (const t of filter.tokens ?? []) if (!tokens.has(t.toLowerCase())) tokens.set(t.toLowerCase(), '')
  return { categories: [...categories.values()], tokens: [...tokens.entries()] }
}

export interface FilterMenuProps {
  id: string
  filter: WalletHistoryFilter
  entries: readonly TransactionEntry[]
  /** Sets one field of the filter (an empty value takes it out). */
  set: <K extends keyof WalletHistoryFilter>(key: K, value: WalletHistoryFilter[K]) => void
  messages: MainPart['filters']
}

/** The filter bar's "More filters" menu: dates, and the categories and tokens of the loaded entries. A chunk of its own. */
export default function FilterMenu({ id, filter, entries, set, messages }: FilterMenuProps) {
  const options = useMemo(() => optionsOf(entries, filter), [entries, filter])
  return (
    <div id={id} className="bf-popover bf-filters__panel">
      <fieldset>
        <legend>{messages.dates}</legend>
        <label>
          {messages.from}{' '}
          {/* Each box offers only days the other allows: a range that ends before it starts is not picked. */}
          <input type="date" value={dayOf(filter.fromDate)} max={dayOf(filter.toDate) || undefined} onChange={(e) => set('fromDate', e.target.value || undefined)} />
        </label>
        <label>
          {messages.to}{' '}
          <input
            type="date"
            value={dayOf(filter.toDate)}
            min={dayOf(filter.fromDate) || undefined}
            // The whole last day is included.
            onChange={(e) => set('toDate', e.target.value ? `${e.target.value}T23:59:59Z` : undefined)}
          />
        </label>
      </fieldset>
      <fieldset>
        <legend>{messages.categories}</legend>
        {options.categories.length === 0 && <p>{messages.noneLoaded}</p>}
        {options.categories.map((c) => (
          <label key={c}>
            <input
              type="checkbox"
              checked={filter.categories?.some((x) => x.toLowerCase() === c.toLowerCase()) ?? false}
              onChange={() => {
                const has = filter.categories?.some((x) => x.toLowerCase() === c.toLowerCase())
                set('categories', has ? filter.categories!.filter((x) => x.toLowerCase() !== c.toLowerCase()) : [...(filter.categories ?? []), c])
              }}
            />{' '}
            {clipText(cleanText(c) ?? '', 32).shown}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{messages.tokens}</legend>
        {options.tokens.length === 0 && <p>{messages.noneLoaded}</p>}
        {options.tokens.map(([address, name]) => (
          <label key={address} title={address}>
            <input
              type="checkbox"
              checked={filter.tokens?.some((x) => x.toLowerCase() === address) ?? false}
              onChange={() => {
                const has = filter.tokens?.some((x) => x.toLowerCase() === address)
                set('tokens', has ? filter.tokens!.filter((x) => x.toLowerCase() !== address) : [...(filter.tokens ?? []), address])
              }}
            />{' '}
            {/* The contract too: a look-alike token can carry the same symbol. */}
            {name ? fillTemplate(messages.tokenWithContract, { token: <bdi>{name}</bdi>, contract: <bdi dir="ltr">{displayAddress(address).short}</bdi> }) : <bdi dir="ltr">{displayAddress(address).short}</bdi>}
          </label>
        ))}
      </fieldset>
    </div>
  )
}
