import type { Catalogue } from '../i18n/types.js'
import main from './zh-CN/main.js'
import details from './zh-CN/details.js'
import live from './zh-CN/live.js'
import exportPart from './zh-CN/export.js'

/**
 * Chinese (Simplified): every message of the components (`blockfeed/locales/zh-CN`). The components load it in parts
 * (this folder), each where it is first needed.
 */
const zhCN: Catalogue = { ...main, ...details, ...live, ...exportPart }

export default zhCN
