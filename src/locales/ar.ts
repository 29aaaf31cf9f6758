import type { Catalogue } from '../i18n/types.js'
import main from './ar/main.js'
import details from './ar/details.js'
import live from './ar/live.js'
import exportPart from './ar/export.js'

/**
 * Arabic: every message of the components (`blockfeed/locales/ar`). The components load it in parts
 * (this folder), each where it is first needed.
 */
const ar: Catalogue = { ...main, ...details, ...live, ...exportPart }

export default ar
