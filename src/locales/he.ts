import type { Catalogue } from '../i18n/types.js'
import main from './he/main.js'
import details from './he/details.js'
import live from './he/live.js'
import exportPart from './he/export.js'

/**
 * Hebrew: every message of the components (`blockfeed/locales/he`). The components load it in parts
 * (this folder), each where it is first needed.
 */
const he: Catalogue = { ...main, ...details, ...live, ...exportPart }

export default he
