import type { CataloguePartSource } from '../catalogues.js'
import type { LivePart } from '../types.js'
import en from '../../locales/en/live.js'

/** The catalogue's live part: English comes with the Pending group or the feed across chains; another locale loads when one is first shown in it. */
export const liveMessages: CataloguePartSource<LivePart> = {
  name: 'live',
  en,
  load: {
    es: () => import('../../locales/es/live.js'),
    fr: () => import('../../locales/fr/live.js'),
    de: () => import('../../locales/de/live.js'),
    'pt-BR': () => import('../../locales/pt-BR/live.js'),
    it: () => import('../../locales/it/live.js'),
    pl: () => import('../../locales/pl/live.js'),
    ru: () => import('../../locales/ru/live.js'),
    uk: () => import('../../locales/uk/live.js'),
    tr: () => import('../../locales/tr/live.js'),
    ar: () => import('../../locales/ar/live.js'),
    he: () => import('../../locales/he/live.js'),
    hi: () => import('../../locales/hi/live.js'),
    ja: () => import('../../locales/ja/live.js'),
    ko: () => import('../../locales/ko/live.js'),
    'zh-CN': () => import('../../locales/zh-CN/live.js'),
    'zh-TW': () => import('../../locales/zh-TW/live.js'),
    'en-XA': () => import('../../locales/en-XA/live.js'),
  },
}
