import type enMain from '../locales/en/main.js'
import type enDetails from '../locales/en/details.js'
import type enLive from '../locales/en/live.js'
import type enExport from '../locales/en/export.js'

/** A message that depends on a count: one sentence per plural category of the language (`other` always). */
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

/** Every message the components show or say, in the shape of `blockfeed/locales/en`. */
export type Catalogue = MainPart & DetailsPart & LivePart & ExportPart

type Partially<T> = T extends string ? string : IsPlural<T> extends true ? PluralMessage : { readonly [K in keyof T]?: Partially<T[K]> }

/** Some messages of a catalogue, over the active locale's: `{ feed: { loadMore: 'Show older' } }`. */
export type CatalogueOverrides = Partially<Catalogue>

/**
 * `messages` on `BlockfeedProvider`: overrides for whatever locale is active, or overrides (or a
 * whole catalogue for a language blockfeed does not ship) per locale tag.
 */
export type MessagesOption = CatalogueOverrides | { readonly [tag: string]: CatalogueOverrides | Catalogue }
