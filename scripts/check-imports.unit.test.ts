import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkImports, findCycles, findImports, findViolations, importGraph } from './check-imports.ts'

const repo = path.resolve(import.meta.dirname, '..')

// A small project that breaks every import rule once, next to imports the rules allow.
const FIXTURE: Record<string, string> = {
  'package.json': JSON.stringify({
    type: 'module',
    imports: { '#shared/*': './src/shared/*', '#client/*': './src/client/*', '#server/*': './src/server/*' },
  }),
  // A circle of type-only imports.
  'src/shared/a.ts': "import type { B } from './b.ts'\nexport type A = { b?: B }\n",
  'src/shared/b.ts': "import type { A } from './a.ts'\nexport type B = { a?: A }\n",
  // Shared reaching into the server.
  'src/shared/leak.ts':
    "import type { Invoice } from '#server/features/billing/invoice.ts'\nexport type L = Invoice\n",
  // A feature reaching into a sibling, relatively and through the subpath import; the kernel is allowed.
  'src/server/features/billing/invoice.ts':
    "import { refund } from '../refunds/refund.ts'\nexport type Invoice = { id: string }\nexport const invoice = refund\n",
  'src/server/features/billing/totals.ts':
    "import { refund } from '#server/features/refunds/refund.ts'\nexport const totals = refund\n",
  'src/server/features/refunds/refund.ts':
    "import { orderId } from '../orders/order-ids.ts'\nexport const refund = () => orderId\n",
  'src/server/features/orders/order-ids.ts': "export const orderId = 'ORD-1'\n",
  // The server taking a type from the client, which takes the API type from the server: a circle only a
  // reader of `typeof import('…')` sees.
  'src/server/app.ts':
    "import type { Renderer } from './http/spa.ts'\nexport type ApiType = { renderer?: Renderer }\nexport const app = {}\n",
  'src/server/http/spa.ts': "export type Renderer = typeof import('#client/entry-server.tsx')\n",
  'src/client/entry-server.tsx':
    "import type { ApiType } from '#server/app.ts'\nexport const api: ApiType = {}\n",
  // The client importing a value from app.ts, and a server file it may not import at all.
  'src/client/features/admin/app-value.ts': "import { app } from '#server/app.ts'\nexport const a = app\n",
  'src/client/features/admin/admin-api.ts':
    "import { refund } from '#server/features/refunds/refund.ts'\nimport { y } from '#client/features/admin/y.ts'\nexport const api = [refund, y]\n",
  'src/client/features/admin/y.ts': 'export const y = 1\n',
  // A client feature using the cart (the client's kernel) and a sibling feature.
  'src/client/features/calendar/day.ts':
    "import { cart } from '#client/features/cart/cart.ts'\nimport { icons } from '#client/features/map-icons/icons.ts'\nexport const day = [cart, icons]\n",
  'src/client/features/cart/cart.ts': 'export const cart: string[] = []\n',
  'src/client/features/map-icons/icons.ts': 'export const icons: string[] = []\n',
}

let dir = ''

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-rules-'))
  for (const [file, text] of Object.entries(FIXTURE)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.writeFileSync(path.join(dir, file), text)
  }
})

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('findImports', () => {
  it('reads every form of import and tells types from values', () => {
    const source = `
      import fs from 'node:fs'
      import type { A } from './a.ts'
      import {
        type B,
        c,
      } from './b.ts'
      import './side-effect.css'
      export { d } from './d.ts'
      export type { E } from './e.ts'
      export * from './f.ts'
      export const g = () => import('./g.ts')
      type H = typeof import('./h.ts')
      type I = import('./i.ts').Thing
      const j = import('./j.ts').then((m) => m)
      const meta = import.meta.url
    `
    expect(findImports(source).map((r) => [r.specifier, r.kind])).toEqual([
      ['node:fs', 'static'],
      ['./a.ts', 'type'],
      ['./b.ts', 'static'],
      ['./side-effect.css', 'side-effect'],
      ['./d.ts', 'static'],
      ['./e.ts', 'type'],
      ['./f.ts', 'static'],
      ['./g.ts', 'dynamic'],
      ['./h.ts', 'type-expression'],
      ['./i.ts', 'type-expression'],
      ['./j.ts', 'dynamic'],
    ])
  })

  it('ignores imports written in comments, strings, templates and regular expressions', () => {
    const source = [
      "// import { a } from './a.ts'",
      "/* import b from './b.ts' */",
      'const c = "import c from \'./c.ts\'"',
      // (A template with a placeholder in it: `${` written apart so that this file's own string has none.)
      "const d = `import d from './d.ts' $" + "{1 + 1} import('./d2.ts')`",
      `const e = /['"]import/g.test(c)`,
      "import { f } from './f.ts'",
    ].join('\n')
    expect(findImports(source)).toEqual([{ specifier: './f.ts', kind: 'static', line: 6 }])
  })
})

describe('the import rules on a project that breaks them', () => {
  it('finds the circles, type-only and `typeof import` ones included', () => {
    expect(findCycles(importGraph(dir))).toEqual([
      ['src/client/entry-server.tsx', 'src/server/app.ts', 'src/server/http/spa.ts'],
      ['src/shared/a.ts', 'src/shared/b.ts'],
    ])
  })

  it('finds the imports across areas and between sibling features, and allows the kernels', () => {
    const found = findViolations(importGraph(dir)).map((v) => `${v.from} → ${v.to}`)
    expect(found.sort()).toEqual(
      [
        'src/client/features/admin/app-value.ts → src/server/app.ts',
        'src/client/features/admin/admin-api.ts → src/server/features/refunds/refund.ts',
        'src/client/features/calendar/day.ts → src/client/features/map-icons/icons.ts',
        'src/server/features/billing/invoice.ts → src/server/features/refunds/refund.ts',
        'src/server/features/billing/totals.ts → src/server/features/refunds/refund.ts',
        'src/server/http/spa.ts → src/client/entry-server.tsx',
        'src/shared/leak.ts → src/server/features/billing/invoice.ts',
      ].sort(),
    )
  })

  it('lets the client take only types, and only from src/server/app.ts', () => {
    const rules = new Map(findViolations(importGraph(dir)).map((v) => [v.from, v.rule]))
    expect(rules.get('src/client/features/admin/app-value.ts')).toMatch(/only with `import type`/)
    expect(rules.get('src/client/features/admin/admin-api.ts')).toMatch(/only src\/server\/app\.ts/)
    expect(rules.has('src/client/entry-server.tsx')).toBe(false)
  })

  it('reports them as lines of the check', () => {
    expect(checkImports(dir).join('\n')).toMatch(/import circle of 2 files/)
  })
})

describe("Biome's import rules with the project's biome.json", () => {
  it('fail the lint on a type-only circle and on a sibling feature import, and allow the kernels', () => {
    const config = JSON.parse(fs.readFileSync(path.join(repo, 'biome.json'), 'utf8'))
    delete config.$schema
    config.vcs = { enabled: false }
    fs.writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config))
    const biome = path.join(repo, 'node_modules/.bin/biome')
    const run = spawnSync(biome, ['lint', '--reporter=json', 'src'], { cwd: dir, encoding: 'utf8' })
    expect(run.status).toBe(1)
    const { diagnostics } = JSON.parse(run.stdout) as {
      diagnostics: { category: string; location: { path: string; start: { line: number } } }[]
    }
    const found = diagnostics.map((d) => `${d.category} ${d.location.path}:${d.location.start.line}`)
    expect(found).toEqual(
      expect.arrayContaining([
        'lint/suspicious/noImportCycles src/shared/a.ts:1',
        'lint/suspicious/noImportCycles src/shared/b.ts:1',
        'lint/style/noRestrictedImports src/shared/leak.ts:1',
        'lint/style/noRestrictedImports src/server/features/billing/invoice.ts:1',
        'lint/style/noRestrictedImports src/server/features/billing/totals.ts:1',
        'lint/style/noRestrictedImports src/client/features/admin/admin-api.ts:1',
        'lint/style/noRestrictedImports src/client/features/calendar/day.ts:2',
      ]),
    )
    // The orders kernel, the cart kernel and a feature's own files are allowed.
    expect(found).not.toContain('lint/style/noRestrictedImports src/server/features/refunds/refund.ts:1')
    expect(found).not.toContain('lint/style/noRestrictedImports src/client/features/calendar/day.ts:1')
    expect(found).not.toContain('lint/style/noRestrictedImports src/client/features/admin/admin-api.ts:2')
  })
})
