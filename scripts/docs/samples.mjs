// The manual's code samples: every fenced ts/tsx block of the README, the MDX pages and the TSDoc
// @example blocks, written out as modules and type-checked together by the project's compiler.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '../..')
const checkedLanguages = new Set(['ts', 'tsx'])

/**
 * The fenced blocks of one text: `{ lang, info, code, line }` with `line` the 1-based line of the
 * block's first code line. In a source file only the blocks inside doc comments count, with the
 * comment's leading ` * ` taken off.
 */
export function fencedBlocks(text, { inComments = false } = {}) {
  const lines = inComments ? commentLines(text) : text.split('\n').map((content, i) => ({ content, line: i + 1 }))
  const blocks = []
  let open = null
  for (const { content, line } of lines) {
    const fence = /^\s*```([\w-]*)\s*(.*)$/.exec(content)
    if (!open && fence) open = { lang: fence[1], info: fence[2].trim(), indent: /^\s*/.exec(content)[0].length, lines: [], line: line + 1 }
    else if (open && /^\s*```\s*$/.test(content)) {
      blocks.push({ lang: open.lang, info: open.info, code: open.lines.join('\n'), line: open.line })
      open = null
    } else if (open) open.lines.push(content.slice(Math.min(open.indent, /^\s*/.exec(content)[0].length)))
  }
  return blocks
}

/** The lines inside `/** … *\/` comments of a source file, with their line numbers. */
function commentLines(text) {
  const out = []
  let inside = false
  text.split('\n').forEach((raw, i) => {
    if (!inside && /^\s*\/\*\*/.test(raw)) inside = true
    if (!inside) return
    const ends = raw.includes('*/')
    const content = raw.replace(/^\s*\/\*\*\s?/, '').replace(/\s*\*\/\s*$/, '').replace(/^\s*\* ?/, '')
    out.push({ content, line: i + 1 })
    if (ends) inside = false
  })
  return out
}

/** Whether a block is a sample the checker compiles (ts/tsx without `no-check`). */
export const isChecked = (block) => checkedLanguages.has(block.lang) && !/\bno-check\b/.test(block.info)
/** Whether a block is ts/tsx at all (checked or marked `no-check`). */
export const isTypeScript = (block) => checkedLanguages.has(block.lang)

/** Every sample of the given files (README/MDX: fenced blocks; .ts/.tsx sources: @example blocks). */
export function collectSamples(files) {
  return files.flatMap((file) => {
    const text = readFileSync(resolve(root, file), 'utf8')
    const inComments = /\.(ts|tsx|mts)$/.test(file)
    return fencedBlocks(text, { inComments }).map((block, index) => ({ ...block, file: relative(root, resolve(root, file)), index }))
  })
}

const baseOptions = {
  target: 'ES2022',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  module: 'ESNext',
  moduleResolution: 'Bundler',
  jsx: 'react-jsx',
  strict: true,
  skipLibCheck: true,
  isolatedModules: true,
  noEmit: true,
  types: ['node'],
}

/** Paths that send `blockfeed/…` to the sources, for checking without a build. */
const sourcePaths = {
  blockfeed: ['../../src/exports/index.ts'],
  'blockfeed/locales/*': ['../../src/locales/*.ts'],
  'blockfeed/*': ['../../src/exports/*.ts'],
}

/**
 * Type-checks the samples: each one its own module under test-results/samples, one `tsc` run.
 * `against: 'package'` resolves `blockfeed` by the package's own exports (the built dist), as an
 * app does; `'src'` maps it to the sources. Returns the failures, each with its file and line.
 */
export function checkSamples(samples, { against = 'package', dir = join(root, 'test-results/samples') } = {}) {
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const byFile = new Map()
  samples.filter(isChecked).forEach((sample, i) => {
    const name = `s${String(i).padStart(4, '0')}.${sample.lang}`
    // A sample without import or export is a script to tsc: make it a module, as a file in an app is.
    const module = /^\s*(import|export)\s/m.test(sample.code) ? sample.code : `${sample.code}\nexport {}`
    writeFileSync(join(dir, name), `${module}\n`)
    byFile.set(name, sample)
  })
  if (byFile.size === 0) return []
  // What a Vite or Next.js app's own types declare: stylesheets are modules.
  writeFileSync(join(dir, 'app-env.d.ts'), "declare module '*.css'\n")
  const compilerOptions = against === 'src' ? { ...baseOptions, paths: sourcePaths } : baseOptions
  // tsc reports no type errors while any file has a syntax error: a run's failing samples are
  // set aside and the rest checked again, until a run finds nothing new.
  const failures = []
  let rest = [...byFile.keys()]
  while (rest.length > 0) {
    const found = runTsc(dir, compilerOptions, rest, byFile)
    if (found.length === 0) break
    failures.push(...found)
    const failed = new Set(found.map((f) => f.name))
    if (failed.has(undefined)) break
    rest = rest.filter((name) => !failed.has(name))
  }
  return failures
}

function runTsc(dir, compilerOptions, files, byFile) {
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['app-env.d.ts', ...files] }, null, 2))
  const tsc = spawnSync(join(root, 'node_modules/.bin/tsc'), ['-p', join(dir, 'tsconfig.json'), '--pretty', 'false'], { encoding: 'utf8', cwd: root })
  return parseErrors(`${tsc.stdout}${tsc.stderr}`, byFile, tsc.status)
}

function parseErrors(output, byFile, status) {
  const failures = []
  for (const line of output.split('\n')) {
    const m = /(s\d{4}\.tsx?)\((\d+),(\d+)\): error (TS\d+): (.*)$/.exec(line)
    if (!m) continue
    const sample = byFile.get(m[1])
    failures.push({ name: m[1], file: sample.file, line: sample.line + Number(m[2]) - 1, code: m[4], message: m[5], sample })
  }
  // Errors inside the package's own files (checking against src) are the type check's business, not the samples'.
  if (status !== 0 && !/error TS\d+/.test(output)) failures.push({ file: '(tsc)', line: 0, code: 'tsc', message: output.trim().slice(0, 2000) })
  return failures
}
