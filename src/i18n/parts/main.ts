import type { CataloguePartSource } from '../catalogues.js'
import type { MainPart } from '../types.js'
import en from '../../locales/en/main.js'

/** The catalogue's main part: bundled with the first screen; another locale loads the first time a component asks for it. */
export const mainMessages: CataloguePartSource<MainPart> = {
  name: 'main',
  en,
  load: {
    es: () => import('../../locales/es/main.js'),
    fr: () => import('../../locales/fr/main.js'),
    de: () => import('../../locales/de/main.js'),
    'pt-BR': () => import('../../locales/pt-BR/main.js'),
    it: () => import('../../locales/it/main.js'),
    pl: () => import('../../locales/pl/main.js'),
    ru: () => import('../../locales/ru/main.js'),
    uk: () => import('../../locales/uk/main.js'),
    tr: () => import('../../locales/tr/main.js'),
    ar: () => import('../../locales/ar/main.js'),
    he: () => import('../../locales/he/main.js'),
    hi: () => import('../../locales/hi/main.js'),
    ja: () => import('../../locales/ja/main.js'),
    ko: () => import('../../locales/ko/main.js'),
    'zh-CN': () => import('../../locales/zh-CN/main.js'),
    'zh-TW': () => import('../../locales/zh-TW/main.js'),
    'en-XA': () => import('../../locales/en-XA/main.js'),
  },
}
