// The import rules of docs/architecture.md, checked on every import, type-only ones included. Run by
// `npm run lint`. Biome's noImportCycles and noRestrictedImports give the same answers in the editor for
// what they can see; this check also sees what they cannot: `typeof import('…')` in a type, dynamic
// `import()`, and where a relative path (`../other-feature/…`) really lands.
//
// The rules:
// - No import circles in src, scripts and e2e, counting every kind of import (static, type-only, dynamic,
//   `import('…')` types).
// - src/shared imports only src/shared (and packages): it is the contract both sides build on.
// - src/server never imports src/client; only a server test may load the client's server entry (the renderer
//   under test), which nothing imports in turn.
// - src/client imports from src/server only with `import type`, and only the files in CLIENT_MAY_TYPE_IMPORT
//   (the API type the admin screens' hono/client is typed by).
// - A file under <side>/features/<a>/ never imports <side>/features/<b>/, unless <b> is a shared kernel
//   of that side (SHARED_KERNELS); features are composed by the server's app and http folders and the
//   client's app folder.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** Feature folders every sibling feature may import: their files hold the rules the others build on. */
export const SHARED_KERNELS: Record<'server' | 'client', readonly string[]> = {
  // What every feature that sells, pays, refunds or prints an order shares: order ids and statuses, the
  // months that take orders, a checkout's artwork link, the lines of order e-mails.
  server: ['orders'],
  // The cart, which the calendar's days and the map's icons are added to.
  client: ['cart'],
}

/** The only server files a client file may import, and only with `import type`. */
export const CLIENT_MAY_TYPE_IMPORT: readonly string[] = ['src/server/app.ts']

/** The only client files a server test (never a server module) may import. */
export const SERVER_TESTS_MAY_IMPORT: readonly string[] = ['src/client/entry-server.tsx']

const isTest = (file: string) => /\.test\.tsx?$/.test(file)

export type ImportKind = 'static' | 'type' | 'side-effect' | 'dynamic' | 'type-expression'
export type ImportRef = { specifier: string; kind: ImportKind; line: number }
export type Edge = ImportRef & { from: string; to: string }
export type Violation = Edge & { rule: string }

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs']

// Tokens that may come right before a regular expression literal (anything else makes `/` a division).
const BEFORE_REGEX = new Set([
  ...'(,=:[!&|?{};+-*%<>~^'.split(''),
  'return',
  'typeof',
  'case',
  'do',
  'else',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'yield',
  'await',
  '=>',
])

type Token = { text: string; line: number; isString: boolean }

/** Identifiers, punctuation and string literals (their text unquoted); comments and template text dropped. */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = []
  let line = 1
  let i = 0
  // For each template literal being read, how many `{` are open in its current `${…}`.
  const templateDepth: number[] = []
  const previous = () => tokens[tokens.length - 1]?.text
  const readTemplateText = () => {
    // i is just past a backtick or a closing `}` of `${…}`: skip text up to the end or the next `${`.
    while (i < source.length) {
      const c = source[i]
      if (c === '\\') i += 2
      else if (c === '`') {
        i++
        templateDepth.pop()
        tokens.push({ text: '`template`', line, isString: false })
        return
      } else if (c === '$' && source[i + 1] === '{') {
        i += 2
        templateDepth[templateDepth.length - 1] = 0
        return
      } else {
        if (c === '\n') line++
        i++
      }
    }
  }
  while (i < source.length) {
    const c = source[i] as string
    if (c === '\n') {
      line++
      i++
    } else if (/\s/.test(c)) i++
    else if (c === '/' && source[i + 1] === '/') {
      while (i < source.length && source[i] !== '\n') i++
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2)
      const stop = end === -1 ? source.length : end + 2
      for (let j = i; j < stop; j++) if (source[j] === '\n') line++
      i = stop
    } else if (c === '"' || c === "'") {
      let j = i + 1
      let text = ''
      while (j < source.length && source[j] !== c && source[j] !== '\n') {
        if (source[j] === '\\') {
          text += source[j + 1]
          j += 2
        } else text += source[j++]
      }
      tokens.push({ text, line, isString: true })
      i = j + 1
    } else if (c === '`') {
      i++
      templateDepth.push(0)
      readTemplateText()
    } else if (c === '{') {
      if (templateDepth.length > 0) templateDepth[templateDepth.length - 1] = (templateDepth.at(-1) ?? 0) + 1
      tokens.push({ text: c, line, isString: false })
      i++
    } else if (c === '}') {
      if (templateDepth.length > 0 && templateDepth.at(-1) === 0) {
        i++
        readTemplateText()
      } else {
        if (templateDepth.length > 0)
          templateDepth[templateDepth.length - 1] = (templateDepth.at(-1) ?? 1) - 1
        tokens.push({ text: c, line, isString: false })
        i++
      }
    } else if (c === '/' && (previous() === undefined || BEFORE_REGEX.has(previous() as string))) {
      // A regular expression literal: skip it, brackets included (a `/` inside `[…]` does not end it).
      let j = i + 1
      let inClass = false
      while (j < source.length && source[j] !== '\n') {
        const d = source[j]
        if (d === '\\') j++
        else if (d === '[') inClass = true
        else if (d === ']') inClass = false
        else if (d === '/' && !inClass) break
        j++
      }
      i = j + 1
      while (i < source.length && /[a-z]/i.test(source[i] as string)) i++
      tokens.push({ text: '/regex/', line, isString: false })
    } else if (/[A-Za-z_$]/.test(c)) {
      let j = i + 1
      while (j < source.length && /[\w$]/.test(source[j] as string)) j++
      tokens.push({ text: source.slice(i, j), line, isString: false })
      i = j
    } else if (/[0-9]/.test(c)) {
      let j = i + 1
      while (j < source.length && /[\w.]/.test(source[j] as string)) j++
      tokens.push({ text: source.slice(i, j), line, isString: false })
      i = j
    } else if (c === '=' && source[i + 1] === '>') {
      tokens.push({ text: '=>', line, isString: false })
      i += 2
    } else if (c === '.' && source[i + 1] === '.' && source[i + 2] === '.') {
      tokens.push({ text: '...', line, isString: false })
      i += 3
    } else {
      tokens.push({ text: c, line, isString: false })
      i++
    }
  }
  return tokens
}

/** Every module a source file refers to: imports, re-exports, `import()` calls and `import('…')` types. */
export function findImports(source: string): ImportRef[] {
  const tokens = tokenize(source)
  const refs: ImportRef[] = []
  const at = (k: number) => tokens[k]
  // After `import`/`export` at k, the `from '…'` that ends the statement (none past a `;`).
  const fromClause = (k: number) => {
    for (let j = k + 1; j < tokens.length; j++) {
      const t = tokens[j] as Token
      if (!t.isString && t.text === ';') return undefined
      if (!t.isString && t.text === 'from' && at(j + 1)?.isString) return at(j + 1)
      // Another statement began: this `export` exported a declaration, not a module.
      if (!t.isString && (t.text === 'import' || t.text === 'export') && j > k + 1) return undefined
    }
    return undefined
  }
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token
    if (t.isString) continue
    const before = at(k - 1)
    // `x.import` is a property, not the keyword.
    if (before && !before.isString && before.text === '.') continue
    const next = at(k + 1)
    if (t.text === 'import') {
      if (!next) continue
      if (!next.isString && next.text === '(') {
        const arg = at(k + 2)
        if (arg?.isString) {
          // `typeof import('…')` and `import('…').Name` are types; a promise has no member but then/catch/finally.
          const member = at(k + 3)?.text === ')' && at(k + 4)?.text === '.' ? at(k + 5)?.text : undefined
          const isType =
            before?.text === 'typeof' ||
            (member !== undefined && !['then', 'catch', 'finally'].includes(member))
          const kind = isType ? 'type-expression' : 'dynamic'
          refs.push({ specifier: arg.text, kind, line: t.line })
        }
      } else if (next.isString) refs.push({ specifier: next.text, kind: 'side-effect', line: t.line })
      else if (next.text !== '.') {
        // (`import.meta` is not an import.)
        const from = fromClause(k)
        if (from) {
          const isType = next.text === 'type' && !(at(k + 2)?.text === 'from' || at(k + 2)?.text === ',')
          refs.push({ specifier: from.text, kind: isType ? 'type' : 'static', line: t.line })
        }
      }
    } else if (t.text === 'export' && next && !next.isString) {
      const isReexport =
        next.text === '*' ||
        next.text === '{' ||
        (next.text === 'type' && ['{', '*'].includes(at(k + 2)?.text ?? ''))
      if (!isReexport) continue
      const from = fromClause(k)
      if (from)
        refs.push({ specifier: from.text, kind: next.text === 'type' ? 'type' : 'static', line: t.line })
    }
  }
  return refs
}

type ImportMap = Record<string, string>

function resolveFile(candidate: string): string | undefined {
  const bare = candidate.replace(/\?.*$/, '')
  const tries = [
    bare,
    ...SOURCE_EXTENSIONS.map((ext) => bare + ext),
    ...SOURCE_EXTENSIONS.map((ext) => path.join(bare, `index${ext}`)),
  ]
  // A `.js` specifier may name a `.ts` source.
  if (/\.m?js$/.test(bare)) tries.push(bare.replace(/\.(m?)js$/, '.$1ts'), bare.replace(/\.js$/, '.tsx'))
  return tries.find((file) => fs.existsSync(file) && fs.statSync(file).isFile())
}

/** The project file a specifier names, or undefined for a package or a file outside the project. */
export function resolveImport(root: string, fromFile: string, specifier: string, imports: ImportMap) {
  if (specifier.startsWith('.')) return resolveFile(path.resolve(root, path.dirname(fromFile), specifier))
  if (specifier.startsWith('#')) {
    for (const [pattern, target] of Object.entries(imports)) {
      const star = pattern.indexOf('*')
      if (star === -1) {
        if (pattern === specifier) return resolveFile(path.resolve(root, target))
      } else if (
        specifier.startsWith(pattern.slice(0, star)) &&
        specifier.endsWith(pattern.slice(star + 1))
      ) {
        const middle = specifier.slice(star, specifier.length - (pattern.length - star - 1))
        return resolveFile(path.resolve(root, target.replace('*', middle)))
      }
    }
  }
  return undefined
}

function listSources(root: string, folder: string): string[] {
  const absolute = path.join(root, folder)
  if (!fs.existsSync(absolute)) return []
  return fs
    .readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(m|c)?[jt]sx?$/.test(file) && !file.endsWith('.d.ts'))
    .filter((file) => !file.split(path.sep).includes('node_modules'))
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/')))
    .sort()
}

/** Every import between the project's own files under the given folders, with paths relative to root. */
export function importGraph(root: string, folders: readonly string[] = ['src']): Edge[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    imports?: ImportMap
  }
  const imports = manifest.imports ?? {}
  const edges: Edge[] = []
  for (const file of folders.flatMap((folder) => listSources(root, folder))) {
    for (const ref of findImports(fs.readFileSync(path.join(root, file), 'utf8'))) {
      const target = resolveImport(root, file, ref.specifier, imports)
      if (!target) continue
      const to = path.relative(root, target).split(path.sep).join('/')
      if (to.startsWith('..')) continue
      edges.push({ ...ref, from: file, to })
    }
  }
  return edges
}

/** The import circles: groups of files that import each other, each group sorted, in a stable order. */
export function findCycles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>()
  for (const edge of edges) {
    if (!next.has(edge.from)) next.set(edge.from, [])
    next.get(edge.from)?.push(edge.to)
  }
  // Tarjan's strongly connected components, iterative so a deep chain cannot overflow the stack.
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: string[] = []
  const groups: string[][] = []
  let counter = 0
  for (const start of [...next.keys()].sort()) {
    if (index.has(start)) continue
    const work: { node: string; child: number }[] = [{ node: start, child: 0 }]
    index.set(start, counter)
    low.set(start, counter++)
    stack.push(start)
    onStack.add(start)
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; child: number }
      const children = next.get(frame.node) ?? []
      if (frame.child < children.length) {
        const child = children[frame.child++] as string
        if (!index.has(child)) {
          index.set(child, counter)
          low.set(child, counter++)
          stack.push(child)
          onStack.add(child)
          work.push({ node: child, child: 0 })
        } else if (onStack.has(child)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(child) as number))
        }
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent)
        low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number))
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = []
        let member: string | undefined
        do {
          member = stack.pop() as string
          onStack.delete(member)
          group.push(member)
        } while (member !== frame.node)
        const selfImport = children.includes(frame.node)
        if (group.length > 1 || selfImport) groups.push(group.sort())
      }
    }
  }
  return groups.sort((a, b) => (a[0] as string).localeCompare(b[0] as string))
}

/** `server`/`client` and the feature folder a file belongs to, if it is in one. */
export function featureOf(file: string): { side: 'server' | 'client'; feature: string } | undefined {
  const match = /^src\/(server|client)\/features\/([^/]+)\//.exec(file)
  return match ? { side: match[1] as 'server' | 'client', feature: match[2] as string } : undefined
}

const area = (file: string) => /^src\/(shared|server|client)\//.exec(file)?.[1]

/** The edges that break a rule of the layering (circles are found by findCycles). */
export function findViolations(edges: readonly Edge[]): Violation[] {
  const violations: Violation[] = []
  for (const edge of edges) {
    const from = area(edge.from)
    const to = area(edge.to)
    if (from === 'shared' && to && to !== 'shared') {
      violations.push({ ...edge, rule: `src/shared imports only src/shared, not src/${to}` })
    }
    if (
      from === 'server' &&
      to === 'client' &&
      !(isTest(edge.from) && SERVER_TESTS_MAY_IMPORT.includes(edge.to))
    ) {
      violations.push({
        ...edge,
        rule: 'src/server does not import src/client (put the contract in src/shared)',
      })
    }
    if (from === 'client' && to === 'server') {
      if (!CLIENT_MAY_TYPE_IMPORT.includes(edge.to)) {
        violations.push({
          ...edge,
          rule: `src/client imports from src/server only ${CLIENT_MAY_TYPE_IMPORT.join(', ')} (put the contract in src/shared)`,
        })
      } else if (edge.kind !== 'type') {
        violations.push({ ...edge, rule: 'src/client imports from src/server only with `import type`' })
      }
    }
    const source = featureOf(edge.from)
    const target = featureOf(edge.to)
    if (
      source &&
      target &&
      source.side === target.side &&
      source.feature !== target.feature &&
      !SHARED_KERNELS[source.side].includes(target.feature)
    ) {
      violations.push({
        ...edge,
        rule: `a feature does not import a sibling feature (${source.side}/features/${source.feature} → ${target.feature}); move what both need to src/shared or compose them in app`,
      })
    }
  }
  return violations
}

/** The report's lines, empty when every rule holds. */
export function checkImports(root: string, folders: readonly string[] = ['src', 'scripts', 'e2e']): string[] {
  const edges = importGraph(root, folders)
  const lines: string[] = []
  for (const group of findCycles(edges)) {
    const members = new Set(group)
    lines.push(`import circle of ${group.length} files:`)
    for (const edge of edges.filter((e) => members.has(e.from) && members.has(e.to))) {
      lines.push(`  ${edge.from}:${edge.line} → ${edge.to} (${edge.kind})`)
    }
  }
  for (const v of findViolations(edges)) {
    lines.push(`${v.from}:${v.line} imports '${v.specifier}' (${v.kind}): ${v.rule}`)
  }
  return lines
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, '..')
  const problems = checkImports(root)
  if (problems.length > 0) {
    console.error(problems.join('\n'))
    console.error(`\nThe import rules of docs/architecture.md do not hold (${problems.length} lines above).`)
    process.exit(1)
  }
}
