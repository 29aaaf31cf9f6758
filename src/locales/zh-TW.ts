import type { Catalogue } from '../i18n/types.js'
import main from './zh-TW/main.js'
import details from './zh-TW/details.js'
import live from './zh-TW/live.js'
import exportPart from './zh-TW/export.js'

/**
 * Chinese (Traditional): every message of the components (`blockfeed/locales/zh-TW`). The components load it in parts
 * (this folder), each where it is first needed.
 */
const zhTW: Catalogue = { ...main, ...details, ...live, ...exportPart }

export default zhTW
