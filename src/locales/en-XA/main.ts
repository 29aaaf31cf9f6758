import { pseudoCatalogue } from '../../i18n/pseudo.js'
import type { MainPart } from '../../i18n/types.js'
import en from '../en/main.js'

/** The pseudo-locale, main: English accented, about 35 % longer and bracketed. */
const main: MainPart = pseudoCatalogue<MainPart>(en)

export default main
