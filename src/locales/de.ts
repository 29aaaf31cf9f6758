import type { Catalogue } from '../i18n/types.js'
import main from './de/main.js'
import details from './de/details.js'
import live from './de/live.js'
import exportPart from './de/export.js'

/**
 * German: every message of the components (`blockfeed/locales/de`). The components load it in parts
 * (this folder), each where it is first needed.
 */
const de: Catalogue = { ...main, ...details, ...live, ...exportPart }

export default de
