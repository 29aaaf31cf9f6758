import type { Catalogue } from '../i18n/types.js'
import main from './it/main.js'
import details from './it/details.js'
import live from './it/live.js'
import exportPart from './it/export.js'

/**
 * Italian: every message of the components (`blockfeed/locales/it`). The components load it in parts
 * (this folder), each where it is first needed.
 */
const it: Catalogue = { ...main, ...details, ...live, ...exportPart }

export default it
