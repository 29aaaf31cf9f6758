import Module, { createRequire } from 'node:module'
import { builtinEnvironments, type Environment } from 'vitest/environments'

type Extension = (module: { exports: unknown }, filename: string) => void
const extensions = (Module as unknown as { _extensions: Record<string, Extension> })._extensions

/**
 * Vitest's own jsdom environment, with one cost taken out. jsdom's selector engine
 * (@asamuzakjp/dom-selector) asks bidi-js for a fresh instance every time it resolves `:dir()`, and
 * a fresh instance parses the whole Unicode bidi table again (tens of ms) the first time it reads a
 * character. jsdom's default stylesheet has `bdi:dir(rtl)`, so each `getComputedStyle` of a `<bdi>`
 * (the feed wraps every address and name in one; Testing Library's role queries, user-event and axe
 * ask for the style of every element) parsed it again: seconds per test.
 * Here one instance serves every call: the same pure functions, the table parsed once per worker.
 * The same jsdom, options and results otherwise.
 */
function shareOneBidiInstance() {
  const fromJsdom = createRequire(createRequire(import.meta.url).resolve('jsdom'))
  const bidi = createRequire(fromJsdom.resolve('@asamuzakjp/dom-selector')).resolve('bidi-js')
  if (fromJsdom.cache[bidi]) return // loaded already (a second environment in this worker)
  const js = extensions['.js']!
  // Loaded by dom-selector's `import` through Node's CommonJS loader: wrap its export as it loads.
  extensions['.js'] = function (module, filename) {
    js.call(this, module, filename)
    if (filename !== bidi) return
    extensions['.js'] = js
    const factory = module.exports as () => unknown
    let instance: unknown
    module.exports = () => (instance ??= factory())
  }
}

const jsdom = builtinEnvironments.jsdom
export default {
  ...jsdom,
  setup(global, options) {
    shareOneBidiInstance()
    return jsdom.setup(global, options)
  },
} satisfies Environment
