#!/usr/bin/env node
// Type-checks the manual's samples: `node scripts/check-samples.mjs [files…] [--against package|src]`.
// With no files: README.md and every docs/**/*.mdx. A .ts/.tsx file contributes its TSDoc @example
// blocks. `--against src` (the default here) needs no build; the test in npm test checks the package.
import { readdirSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { checkSamples, collectSamples, isChecked, isTypeScript } from './docs/samples.mjs'

const { values, positionals } = parseArgs({ allowPositionals: true, options: { against: { type: 'string', default: 'src' } } })
const files = positionals.length > 0 ? positionals : manualFiles()
const samples = collectSamples(files)
const failures = checkSamples(samples, { against: values.against })
for (const f of failures) console.log(`${f.file}:${f.line}: ${f.code} ${f.message}`)
const typescript = samples.filter(isTypeScript).length
const checked = samples.filter(isChecked).length
console.log(`${checked} samples checked in ${files.length} files, ${failures.length} errors; ${typescript - checked} of ${typescript} ts/tsx blocks marked no-check`)
process.exit(failures.length > 0 ? 1 : 0)

function manualFiles() {
  const docs = readdirSync('docs', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.mdx')).map((f) => `docs/${f}`)
  return ['README.md', ...docs.sort()]
}
