import { pseudoCatalogue } from '../i18n/pseudo.js'
import en from './en.js'
import type { Catalogue } from '../i18n/types.js'

/** The pseudo-locale: English accented, about 35 % longer and bracketed, to catch strings that escape the catalogue. */
const enXA: Catalogue = pseudoCatalogue<Catalogue>(en)

export default enXA
