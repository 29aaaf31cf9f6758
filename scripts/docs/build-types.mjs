// A private build of the declaration files, so a docs script never reads a dist/ that another
// command is rebuilding. Returns the folder that holds `exports/*.d.ts`.
import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '../..')

export function buildTypes() {
  const out = mkdtempSync(join(tmpdir(), 'blockfeed-types-'))
  const args = ['-p', 'tsconfig.build.json', '--outDir', out, '--emitDeclarationOnly', '--declarationMap', 'false', '--sourceMap', 'false']
  const tsc = spawnSync(join(root, 'node_modules/.bin/tsc'), args, { cwd: root, encoding: 'utf8' })
  if (tsc.status !== 0) throw new Error(`tsc failed:\n${tsc.stdout}${tsc.stderr}`)
  return out
}
