#!/usr/bin/env node
// Lists the public exports without a TSDoc summary: `node scripts/check-tsdoc.mjs [entry…] [--dist DIR]`.
// Without --dist it builds the declaration files privately first (a few seconds).
import { parseArgs } from 'node:util'
import { readApi } from './docs/api.mjs'
import { buildTypes } from './docs/build-types.mjs'

const { values, positionals } = parseArgs({ allowPositionals: true, options: { dist: { type: 'string' } } })
const api = readApi(values.dist ?? buildTypes()).filter((e) => positionals.length === 0 || positionals.includes(e.entry))
const missing = api.filter((e) => !e.doc?.summary)
for (const e of missing) console.log(`${e.entry}: ${e.name} (${e.kind})${e.found ? ` in ${e.found.file.replace(/^.*?\/(?=[a-z]+\/[^/]+\.d\.ts$)/, '')}` : ''}`)
console.log(`${api.length - missing.length} of ${api.length} exports have a TSDoc summary; ${missing.length} without`)
process.exit(missing.length > 0 ? 1 : 0)
