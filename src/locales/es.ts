import type { Catalogue } from '../i18n/types.js'
import main from './es/main.js'
import details from './es/details.js'
import live from './es/live.js'
import exportPart from './es/export.js'

/**
 * Spanish: every message of the components (`blockfeed/locales/es`). The components load it in parts
 * (this folder), each where it is first needed.
 */
const es: Catalogue = { ...main, ...details, ...live, ...exportPart }

export default es
