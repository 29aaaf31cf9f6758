import type en from '../locales/en.js'

/** A message that depends on a count: one sentence per plural category of the language (`other` always). */
export type PluralMessage = { [category in Intl.LDMLPluralRule]?: string } & { other: string }

/** An object whose every key is a plural category (`{ one, other }`) is a plural message; `row.titles` with its `other` title is not. */
type IsPlural<T> = T extends { other: string } ? ([Exclude<keyof T, Intl.LDMLPluralRule>] extends [never] ? true : false) : false

type Shape<T> = T extends string ? string : IsPlural<T> extends true ? PluralMessage : { readonly [K in keyof T]: Shape<T[K]> }

/** Every message the components show or say, in the shape of `blockfeed/locales/en`. */
export type Catalogue = Shape<typeof en>

type Partially<T> = T extends string ? string : IsPlural<T> extends true ? PluralMessage : { readonly [K in keyof T]?: Partially<T[K]> }

/** Some messages of a catalogue, over the active locale's: `{ feed: { loadMore: 'Show older' } }`. */
export type CatalogueOverrides = Partially<Catalogue>

/**
 * `messages` on `BlockfeedProvider`: overrides for whatever locale is active, or overrides (or a
 * whole catalogue for a language blockfeed does not ship) per locale tag.
 */
export type MessagesOption = CatalogueOverrides | { readonly [tag: string]: CatalogueOverrides | Catalogue }
