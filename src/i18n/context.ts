import { createContext } from 'react'
import type { MessagesOption } from './types.js'

export interface LocaleSettings {
  /** A BCP 47 tag or a list in order of preference; undefined: the browser's `navigator.languages`. */
  locale?: string | readonly string[] | undefined
  messages?: MessagesOption | undefined
}

/**
 * Language settings for the components under it, where there is no `BlockfeedProvider` (or to
 * override its `locale` and `messages` for a part of the page): Storybook, tests, a row used alone.
 */
export const LocaleContext = createContext<LocaleSettings | undefined>(undefined)
