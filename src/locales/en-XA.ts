import type { Catalogue } from '../i18n/types.js'
import main from './en-XA/main.js'
import details from './en-XA/details.js'
import live from './en-XA/live.js'
import exportPart from './en-XA/export.js'

/**
 * The pseudo-locale `en-XA` (`blockfeed/locales/en-XA`): English accented, about 35 % longer and
 * bracketed, to catch strings that escape the catalogue and layouts that break on long text.
 */
const enXA: Catalogue = { ...main, ...details, ...live, ...exportPart }

export default enXA
