#!/usr/bin/env node
// blockfeed/styles.css: the components' CSS parts (src/components/**/*.css) in one file: shared/ (tokens) first, then by path.
import { readFileSync, writeFileSync, readdirSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'

function cssFiles(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name === 'shared' ? -1 : b.name === 'shared' ? 1 : a.name.localeCompare(b.name)))
    .flatMap((d) => (d.isDirectory() ? cssFiles(join(dir, d.name)) : d.name.endsWith('.css') ? [join(dir, d.name)] : []))
}

const parts = cssFiles('src/components')
mkdirSync('dist', { recursive: true })
// Each part wraps its rules in `@layer blockfeed`; naming the layer first lets an app order it against its own layers.
const header = '/* blockfeed/styles.css: every rule is in @layer blockfeed, so any unlayered app CSS wins. */\n@layer blockfeed;\n'
writeFileSync('dist/styles.css', header + parts.map((f) => `\n/* ${f} */\n${readFileSync(f, 'utf8').trim()}\n`).join(''))
console.log(`dist/styles.css: ${parts.length} parts`)
