import { createContext } from 'react'
import type { MessagesOption } from './types.js'

export interface LocaleSettings {
  /** A BCP 47 tag or a list in order of preference; undefined: the browser's `navigator.languages`. */
  locale?: string | readonly string[] | undefined
  messages?: MessagesOption | undefined
}

/** What `BlockfeedProvider` says about language to every component under it. */
export const LocaleContext = createContext<LocaleSettings>({})
