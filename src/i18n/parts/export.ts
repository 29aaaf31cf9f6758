import type { CataloguePartSource } from '../catalogues.js'
import type { ExportPart } from '../types.js'
import en from '../../locales/en/export.js'

/** The catalogue's export part: English comes with the export; another locale loads when an export first runs in it. */
export const exportMessages: CataloguePartSource<ExportPart> = {
  name: 'export',
  en,
  load: {
    es: () => import('../../locales/es/export.js'),
    fr: () => import('../../locales/fr/export.js'),
    de: () => import('../../locales/de/export.js'),
    'pt-BR': () => import('../../locales/pt-BR/export.js'),
    it: () => import('../../locales/it/export.js'),
    pl: () => import('../../locales/pl/export.js'),
    ru: () => import('../../locales/ru/export.js'),
    uk: () => import('../../locales/uk/export.js'),
    tr: () => import('../../locales/tr/export.js'),
    ar: () => import('../../locales/ar/export.js'),
    he: () => import('../../locales/he/export.js'),
    hi: () => import('../../locales/hi/export.js'),
    ja: () => import('../../locales/ja/export.js'),
    ko: () => import('../../locales/ko/export.js'),
    'zh-CN': () => import('../../locales/zh-CN/export.js'),
    'zh-TW': () => import('../../locales/zh-TW/export.js'),
    'en-XA': () => import('../../locales/en-XA/export.js'),
  },
}
