import { pseudoCatalogue } from '../../i18n/pseudo.js'
import type { DetailsPart } from '../../i18n/types.js'
import en from '../en/details.js'

/** The pseudo-locale, details: English accented, about 35 % longer and bracketed. */
const details: DetailsPart = pseudoCatalogue<DetailsPart>(en)

export default details
