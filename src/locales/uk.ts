import type { Catalogue } from '../i18n/types.js'
import main from './uk/main.js'
import details from './uk/details.js'
import live from './uk/live.js'
import exportPart from './uk/export.js'

/**
 * Ukrainian: every message of the components (`blockfeed/locales/uk`). The components load it in parts
 * (this folder), each where it is first needed.
 */
const uk: Catalogue = { ...main, ...details, ...live, ...exportPart }

export default uk
