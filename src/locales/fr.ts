import type { Catalogue } from '../i18n/types.js'
import main from './fr/main.js'
import details from './fr/details.js'
import live from './fr/live.js'
import exportPart from './fr/export.js'

/**
 * French: every message of the components (`blockfeed/locales/fr`). The components load it in parts
 * (this folder), each where it is first needed.
 */
const fr: Catalogue = { ...main, ...details, ...live, ...exportPart }

export default fr
