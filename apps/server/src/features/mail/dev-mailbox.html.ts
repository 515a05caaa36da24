import { escapeHtml } from './html-escape.ts';
import { linksIn, type MailboxEntry, type MailboxMail } from './dev-mailbox.service.ts';

/**
 * The development mailbox's pages: server-rendered, no script (the CSP allows none), inline
 * styles, one column that works on a 390px phone and a desktop. Everything from a mail is
 * escaped; its HTML part is shown in a sandboxed iframe (no scripts, its own opaque origin).
 */

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f5f5;color:#171717}
main{max-width:880px;margin:0 auto;padding:16px}
header{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:8px;margin-bottom:16px}
h1{font-size:1.375rem;margin:0;line-height:1.3;overflow-wrap:anywhere}
h2{font-size:1rem;margin:24px 0 8px}
a{color:#cc3609}
.note{color:#525252;font-size:.875rem;margin:0 0 16px}
ul.mails{list-style:none;margin:0;padding:0;background:#fff;border-radius:12px;overflow:hidden;border:1px solid #e5e5e5}
ul.mails li+li{border-top:1px solid #e5e5e5}
ul.mails a{display:block;padding:12px 16px;color:inherit;text-decoration:none;min-height:48px}
ul.mails a:hover,ul.mails a:focus-visible{background:#fff4ef}
.subject{display:block;font-weight:600;overflow-wrap:anywhere}
.meta{display:flex;flex-wrap:wrap;gap:4px 16px;color:#525252;font-size:.875rem;overflow-wrap:anywhere}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:0;padding:12px 16px;background:#fff;border:1px solid #e5e5e5;border-radius:12px;font-size:.875rem}
dt{color:#525252}dd{margin:0;overflow-wrap:anywhere}
ul.links{margin:0;padding:12px 16px 12px 32px;background:#fff;border:1px solid #e5e5e5;border-radius:12px}
ul.links li{overflow-wrap:anywhere;padding:4px 0}
iframe{display:block;width:100%;height:70vh;min-height:360px;border:1px solid #e5e5e5;border-radius:12px;background:#fff}
pre{margin:0;padding:12px 16px;background:#fff;border:1px solid #e5e5e5;border-radius:12px;white-space:pre-wrap;overflow-wrap:anywhere;font-size:.875rem}
.empty{padding:24px 16px;background:#fff;border-radius:12px;border:1px solid #e5e5e5;color:#525252}
a:focus-visible{outline:3px solid #fe4811;outline-offset:2px}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

function time(date: Date | undefined): string {
  if (!date || Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  return `<time datetime="${iso}">${iso.slice(0, 16).replace('T', ' ')} UTC</time>`;
}

export function mailboxListPage(mails: MailboxEntry[]): string {
  const list =
    mails.length === 0
      ? '<p class="empty">No mail yet.</p>'
      : `<ul class="mails">
${mails
  .map(
    (mail) => `<li><a href="/dev/mailbox/${encodeURIComponent(mail.id)}">
<span class="subject">${escapeHtml(mail.subject || '(no subject)')}</span>
<span class="meta"><span>To ${escapeHtml(mail.to)}</span>${time(mail.date)}</span>
</a></li>`,
  )
  .join('\n')}
</ul>`;
  return page(
    'Development mailbox',
    `<header><h1>Development mailbox</h1><a href="/dev/mailbox">Refresh</a></header>
<p class="note">Every mail this server wrote, newest first. They are files under DATA_DIR/mail: no SMTP_URL is set, so nothing was sent.</p>
${list}`,
  );
}

/** The mail's HTML, made to open its links in the whole tab rather than inside the frame. */
function framedHtml(html: string): string {
  const base = '<base target="_top">';
  return /<head[^>]*>/i.test(html)
    ? html.replace(/<head[^>]*>/i, (head) => head + base)
    : base + html;
}

export function mailboxMailPage(mail: MailboxMail): string {
  const links = linksIn(mail.text);
  const linkList =
    links.length === 0
      ? '<p class="note">This mail has no links.</p>'
      : `<ul class="links" aria-label="Links in this mail">
${links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('\n')}
</ul>`;
  const html = mail.html
    ? `<h2>HTML</h2>
<iframe title="The mail as HTML" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" srcdoc="${escapeHtml(framedHtml(mail.html))}"></iframe>`
    : '';
  return page(
    mail.subject || '(no subject)',
    `<header><a href="/dev/mailbox">← All mail</a></header>
<h1>${escapeHtml(mail.subject || '(no subject)')}</h1>
<h2>Headers</h2>
<dl>
<dt>From</dt><dd>${escapeHtml(mail.from)}</dd>
<dt>To</dt><dd>${escapeHtml(mail.to)}</dd>
<dt>Date</dt><dd>${time(mail.date)}</dd>
<dt>Message-ID</dt><dd>${escapeHtml(mail.messageId)}</dd>
</dl>
<h2>Links in this mail</h2>
${linkList}
${html}
<h2>Text</h2>
<pre>${escapeHtml(mail.text)}</pre>`,
  );
}
