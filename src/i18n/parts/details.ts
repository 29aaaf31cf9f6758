import type { CataloguePartSource } from '../catalogues.js'
import type { DetailsPart } from '../types.js'
import en from '../../locales/en/details.js'

/** The catalogue's details part: English comes with the details chunk that imports this; another locale loads when a row is first opened in it. */
export const detailsMessages: CataloguePartSource<DetailsPart> = {
  name: 'details',
  en,
  load: {
    es: () => import('../../locales/es/details.js'),
    fr: () => import('../../locales/fr/details.js'),
    de: () => import('../../locales/de/details.js'),
    'pt-BR': () => import('../../locales/pt-BR/details.js'),
    it: () => import('../../locales/it/details.js'),
    pl: () => import('../../locales/pl/details.js'),
    ru: () => import('../../locales/ru/details.js'),
    uk: () => import('../../locales/uk/details.js'),
    tr: () => import('../../locales/tr/details.js'),
    ar: () => import('../../locales/ar/details.js'),
    he: () => import('../../locales/he/details.js'),
    hi: () => import('../../locales/hi/details.js'),
    ja: () => import('../../locales/ja/details.js'),
    ko: () => import('../../locales/ko/details.js'),
    'zh-CN': () => import('../../locales/zh-CN/details.js'),
    'zh-TW': () => import('../../locales/zh-TW/details.js'),
    'en-XA': () => import('../../locales/en-XA/details.js'),
  },
}
