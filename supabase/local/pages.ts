// The stack's few HTML pages: the local Google stand-in and the mailbox; the payment stand-in's
// checkout and customer portal share the stylesheet. No scripts at all, styles from one
// same-origin stylesheet, and a CSP that says so.

export type Mail = {
  id: number
  to: string
  subject: string
  text: string
  html: string | null
  links: string[]
  created_at: string
}

export const STYLESHEET_PATH = '/local-stack.css'

export const STYLESHEET = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
body { margin: 0 auto; max-width: 44rem; padding: 2rem 1rem; }
.banner { border: 2px dashed currentColor; border-radius: .5rem; padding: .5rem 1rem; font-weight: 600; }
label { display: block; font-weight: 600; margin-top: 1rem; }
input { font: inherit; padding: .5rem; width: 100%; box-sizing: border-box; }
input[type="radio"] { width: auto; margin: 0 .5rem 0 0; }
label.option { font-weight: 400; margin-top: .5rem; }
fieldset { border: 1px solid #8886; border-radius: .5rem; margin-top: 1rem; }
select { font: inherit; padding: .5rem; }
button { font: inherit; margin-top: 1rem; margin-right: .5rem; padding: .5rem 1.25rem; cursor: pointer; }
.error { color: #b00020; font-weight: 600; }
.notice { border-left: 4px solid currentColor; padding-left: .75rem; font-weight: 600; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .25rem 1rem .25rem 0; border-bottom: 1px solid #8886; }
article { border-top: 1px solid #8886; padding: 1rem 0; }
pre { white-space: pre-wrap; word-break: break-word; }
a { word-break: break-all; }
`

const CSP = [
  "default-src 'none'",
  `style-src 'self'`,
  "img-src 'self' data:",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  )
}

export function htmlResponse(body: string, status = 200): Response {
  return new Response(body, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': CSP,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    },
  })
}

/** A page of the local stack, in its one stylesheet (in English unless said otherwise). */
export function layout(title: string, body: string, lang = 'en'): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`
}

/** The stand-in page of an OAuth provider (Google, LinkedIn): the address to sign in with (and,
 * where the provider gives one, the name), Continue or Cancel. */
export function oauthPage(input: {
  provider: { name: string; asksName: boolean }
  action: string
  state: string
  email?: string
  name?: string
  error?: string
}): string {
  const { name } = input.provider
  const error = input.error ? `<p class="error" id="email-error" role="alert">${escapeHtml(input.error)}</p>` : ''
  const described = input.error ? ' aria-describedby="email-error" aria-invalid="true"' : ''
  const nameField = input.provider.asksName
    ? `<label for="name">Name on the profile</label>
<input id="name" name="name" type="text" autocomplete="name" maxlength="100" value="${escapeHtml(input.name ?? '')}">`
    : ''
  return layout(
    `Local stand-in for ${name} sign-in`,
    `<h1>Sign in with ${escapeHtml(name)}</h1>
<p class="banner" role="note">Local stand-in for ${escapeHtml(name)} sign-in. No request goes to ${escapeHtml(name)}: this page belongs to the local development stack.</p>
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="state" value="${escapeHtml(input.state)}">
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(input.email ?? '')}"${described}>
${error}
${nameField}
<button type="submit" name="decision" value="continue">Continue</button>
<button type="submit" name="decision" value="cancel" formnovalidate>Cancel</button>
</form>`,
  )
}

export function messagePage(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`)
}

export function mailboxPage(mails: Mail[]): string {
  const items = mails
    .map((mail) => {
      const links = mail.links
        .map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`)
        .join('')
      return `<article aria-labelledby="mail-${mail.id}">
<h2 id="mail-${mail.id}">${escapeHtml(mail.subject)}</h2>
<p>To <strong>${escapeHtml(mail.to)}</strong>, <time datetime="${escapeHtml(mail.created_at)}">${escapeHtml(mail.created_at)}</time></p>
<pre>${escapeHtml(mail.text)}</pre>
${links ? `<h3>Links</h3><ul>${links}</ul>` : ''}
</article>`
    })
    .join('\n')
  return layout(
    'Local mailbox',
    `<h1>Local mailbox</h1>
<p class="banner" role="note">Every e-mail the local stack would have sent, newest first. Nothing leaves this machine. As JSON: <a href="/mailbox.json">/mailbox.json</a>.</p>
${items || '<p>No e-mail yet.</p>'}`,
  )
}
