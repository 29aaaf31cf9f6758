import type { Catalogue } from '../i18n/types.js'
import main from './pl/main.js'
import details from './pl/details.js'
import live from './pl/live.js'
import exportPart from './pl/export.js'

/**
 * Polish: every message of the components (`blockfeed/locales/pl`). The components load it in parts
 * (this folder), each where it is first needed.
 */
const pl: Catalogue = { ...main, ...details, ...live, ...exportPart }

export default pl
