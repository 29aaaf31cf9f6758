import type { Catalogue } from '../i18n/types.js'
import main from './tr/main.js'
import details from './tr/details.js'
import live from './tr/live.js'
import exportPart from './tr/export.js'

/**
 * Turkish: every message of the components (`blockfeed/locales/tr`). The components load it in parts
 * (this folder), each where it is first needed.
 */
const tr: Catalogue = { ...main, ...details, ...live, ...exportPart }

export default tr
