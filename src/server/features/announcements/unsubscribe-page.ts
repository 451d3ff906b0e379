import { html } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import type { SiteConfig } from '#shared/site-config.ts'

/**
 * The unsubscribe pages (server-rendered, no scripts: the CSP forbids inline ones and none are needed).
 * GET only shows a form: link scanners and mail previews fetch links, and a fetch alone must not
 * unsubscribe anyone; the button POSTs the same URL.
 */
const styles = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f5f5f4; color: #1c1917; line-height: 1.5; }
  main { max-width: 32rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 0.75rem; box-shadow: 0 1px 4px rgb(0 0 0 / 0.12); }
  h1 { font-size: 1.5rem; margin-top: 0; }
  .address { font-weight: 600; overflow-wrap: anywhere; }
  button { font-size: 1.1rem; padding: 0.75rem 1.5rem; border-radius: 0.5rem; border: 2px solid #1c1917; background: #1c1917; color: #fff; cursor: pointer; }
  button:focus-visible, a:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
  a { color: #1d4ed8; }
`

function layout(title: string, site: SiteConfig, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${title} – ${site.productName}</title>
    <style>${styles}</style>
  </head>
  <body>
    <main>${body}<p><a href="/">${site.productName} home</a></p></main>
  </body>
</html>`
}

export function renderUnsubscribeForm(site: SiteConfig, address: string, action: string) {
  return layout(
    'Unsubscribe',
    site,
    html`<h1>Unsubscribe</h1>
      <p>Stop ${site.productName} mailing announcements to <span class="address">${address}</span>?</p>
      <form method="post" action="${action}"><button type="submit">Unsubscribe</button></form>`,
  )
}

export function renderAlreadyUnsubscribed(site: SiteConfig, address: string) {
  return layout(
    'You are unsubscribed',
    site,
    html`<h1>You are unsubscribed</h1>
      <p><span class="address">${address}</span> no longer receives ${site.productName} mailing announcements.</p>`,
  )
}

export function renderUnsubscribed(site: SiteConfig, address: string) {
  return layout(
    'You have been unsubscribed',
    site,
    html`<h1>You have been unsubscribed.</h1>
      <p><span class="address">${address}</span> will receive no more ${site.productName} mailing announcements.</p>
      <p>Changed your mind? Write to <a href="mailto:${site.contactEmail}">${site.contactEmail}</a>.</p>`,
  )
}

export function renderInvalidLink(site: SiteConfig, message: string) {
  return layout(
    'Link not valid',
    site,
    html`<h1>This unsubscribe link is not valid</h1>
      <p>${message}</p>
      <p>Or write to <a href="mailto:${site.contactEmail}">${site.contactEmail}</a> and we will take you off the list.</p>`,
  )
}
