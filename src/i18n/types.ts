import type enMain from '../locales/en/main.js'
import type enDetails from '../locales/en/details.js'
import type enLive from '../locales/en/live.js'
import type enExport from '../locales/en/export.js'

/**
 * A message that depends on a count: one text per plural category of the language (`one`, `few`,
 * `many`…, and always `other`), chosen with `Intl.PluralRules`; `{count}` stands for the number.
 */
export type PluralMessage = { [category in Intl.LDMLPluralRule]?: string } & { other: string }

/** An object whose every key is a plural category (`{ one, other }`) is a plural message; `row.titles` with its `other` title is not. */
type IsPlural<T> = T extends { other: string } ? ([Exclude<keyof T, Intl.LDMLPluralRule>] extends [never] ? true : false) : false

type Shape<T> = T extends string ? string : IsPlural<T> extends true ? PluralMessage : { readonly [K in keyof T]: Shape<T[K]> }

/** What the first screen shows (bundled in English; another locale's loads when first used). */
export type MainPart = Shape<typeof enMain>
/** What an opened row shows: loaded with the details. */
export type DetailsPart = Shape<typeof enDetails>
/** The Pending group and the feed across chains' notices: loaded with them. */
export type LivePart = Shape<typeof enLive>
/** The CSV export's progress and column titles: loaded with the export. */
export type ExportPart = Shape<typeof enExport>

/**
 * A whole message catalogue: every text the components show or say, in the shape of
 * `blockfeed/locales/en` (the default export of each `blockfeed/locales/<tag>`).
 *
 * Write one to add a language blockfeed does not ship, and pass it in `messages` on `BlockfeedProvider`.
 *
 * @example
 * ```ts
 * import en from 'blockfeed/locales/en'
 * import type { Catalogue } from 'blockfeed/components'
 *
 * const nl: Catalogue = { ...en, feed: { ...en.feed, loadMore: 'Meer laden' } }
 * ```
 */
export type Catalogue = MainPart & DetailsPart & LivePart & ExportPart

type Partially<T> = T extends string ? string : IsPlural<T> extends true ? PluralMessage : { readonly [K in keyof T]?: Partially<T[K]> }

/**
 * Some messages of a catalogue, to change over the active locale's: `{ feed: { loadMore: 'Show older' } }`.
 *
 * @example
 * ```ts
 * import type { CatalogueOverrides } from 'blockfeed/components'
 *
 * const overrides: CatalogueOverrides = { feed: { loadMore: 'Show older' } }
 * ```
 */
export type CatalogueOverrides = Partially<Catalogue>

/**
 * The `messages` option of `BlockfeedProvider`: overrides for whatever locale is active, or
 * overrides (or a whole catalogue for a language blockfeed does not ship) per locale tag.
 *
 * @example
 * ```ts
 * import type { MessagesOption } from 'blockfeed/components'
 *
 * const messages: MessagesOption = { en: { feed: { loadMore: 'Show older' } }, de: { feed: { loadMore: 'Ältere zeigen' } } }
 * ```
 */
export type MessagesOption = CatalogueOverrides | { readonly [tag: string]: CatalogueOverrides | Catalogue }
