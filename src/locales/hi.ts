import type { Catalogue } from '../i18n/types.js'
import main from './hi/main.js'
import details from './hi/details.js'
import live from './hi/live.js'
import exportPart from './hi/export.js'

/**
 * Hindi: every message of the components (`blockfeed/locales/hi`). The components load it in parts
 * (this folder), each where it is first needed.
 */
const hi: Catalogue = { ...main, ...details, ...live, ...exportPart }

export default hi
