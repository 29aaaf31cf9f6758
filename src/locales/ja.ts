import type { Catalogue } from '../i18n/types.js'
import main from './ja/main.js'
import details from './ja/details.js'
import live from './ja/live.js'
import exportPart from './ja/export.js'

/**
 * Japanese: every message of the components (`blockfeed/locales/ja`). The components load it in parts
 * (this folder), each where it is first needed.
 */
const ja: Catalogue = { ...main, ...details, ...live, ...exportPart }

export default ja
