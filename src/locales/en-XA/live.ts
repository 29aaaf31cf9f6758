import { pseudoCatalogue } from '../../i18n/pseudo.js'
import type { LivePart } from '../../i18n/types.js'
import en from '../en/live.js'

/** The pseudo-locale, live: English accented, about 35 % longer and bracketed. */
const live: LivePart = pseudoCatalogue<LivePart>(en)

export default live
