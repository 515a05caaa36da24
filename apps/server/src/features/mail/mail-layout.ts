import { escapeHtml } from './html-escape.ts';
import type { MailLanguage } from './mail-types.ts';
import type { MailContent } from './templates/index.ts';

/** The product's look (apps/web/src/index.css): the accent, and the dark ink that sits on it. */
const ACCENT = '#fe4811';
const ON_ACCENT = '#1a0a05';
const ACCENT_TEXT = '#cc3609';
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Extra headers: a notification mail's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
}

const FOOTER: Record<MailLanguage, { fallback: string; why: string; unsubscribe: string }> = {
  en: {
    fallback: 'If the button does not work, open this link:',
    why: 'You get this mail because of your Glimpse account.',
    unsubscribe: 'Unsubscribe from these emails',
  },
  de: {
    fallback: 'Falls der Button nicht funktioniert, öffne diesen Link:',
    why: 'Du erhältst diese Mail wegen deines Glimpse-Kontos.',
    unsubscribe: 'Diese E-Mails abbestellen',
  },
};

/**
 * One mail as multipart alternatives: the HTML is table-based with inline styles only (mail
 * clients drop <style> and ignore most CSS), one column up to 560px that narrows on a phone; the
 * text part says the same, with the link written out.
 */
export function layoutMail(
  content: MailContent,
  language: MailLanguage,
  link: string | undefined,
  appUrl: string,
  /** A notification mail's page that turns it off (its footer links there). */
  unsubscribeUrl?: string,
): RenderedMail {
  return {
    subject: content.subject,
    text: textPart(content, language, link, appUrl, unsubscribeUrl),
    html: htmlPart(content, language, link, appUrl, unsubscribeUrl),
  };
}

function textPart(
  content: MailContent,
  language: MailLanguage,
  link: string | undefined,
  appUrl: string,
  unsubscribeUrl?: string,
): string {
  const blocks = [content.heading, ...content.intro];
  for (const section of content.sections ?? []) {
    const lines = section.lines.map((line) => `- ${line.text}\n  ${appUrl}${line.path}`);
    blocks.push([section.heading, ...lines, ...(section.more ? [section.more] : [])].join('\n'));
  }
  if (link && content.action) blocks.push(`${content.action}:\n${link}`);
  const unsubscribe = unsubscribeUrl ? `\n${FOOTER[language].unsubscribe}: ${unsubscribeUrl}` : '';
  blocks.push(...content.outro, `-- \nGlimpse · ${appUrl}\n${FOOTER[language].why}${unsubscribe}`);
  return `${blocks.join('\n\n')}\n`;
}

function htmlPart(
  content: MailContent,
  language: MailLanguage,
  link: string | undefined,
  appUrl: string,
  unsubscribeUrl?: string,
): string {
  const paragraph = (text: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#262626">${escapeHtml(text)}</p>`;
  const small = (html: string) =>
    `<p style="margin:0 0 12px;font-size:13px;line-height:1.5;color:#737373">${html}</p>`;
  const action =
    link && content.action
      ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px"><tr>
<td style="border-radius:12px;background:${ACCENT}">
<a href="${escapeHtml(link)}" style="display:inline-block;padding:14px 24px;font-family:${FONT};font-size:16px;font-weight:600;line-height:1.2;color:${ON_ACCENT};text-decoration:none;border-radius:12px">${escapeHtml(content.action)}</a>
</td></tr></table>`
      : '';
  const sections = (content.sections ?? [])
    .map(
      (section) =>
        `<h2 style="margin:8px 0 8px;font-size:16px;line-height:1.4;color:#171717">${escapeHtml(section.heading)}</h2>
<ul style="margin:0 0 16px;padding:0 0 0 20px;font-size:15px;line-height:1.5;color:#262626">
${section.lines
  .map(
    (line) =>
      `<li style="margin:0 0 6px"><a href="${escapeHtml(appUrl + line.path)}" style="color:#262626;text-decoration:underline">${escapeHtml(line.text)}</a></li>`,
  )
  .join('\n')}
</ul>${section.more ? `\n${paragraph(section.more)}` : ''}`,
    )
    .join('\n');
  const unsubscribe = unsubscribeUrl
    ? `<br><a href="${escapeHtml(unsubscribeUrl)}" style="color:#737373">${escapeHtml(FOOTER[language].unsubscribe)}</a>`
    : '';
  const fallback = link
    ? small(
        `${escapeHtml(FOOTER[language].fallback)}<br><a href="${escapeHtml(link)}" style="color:${ACCENT_TEXT};word-break:break-all">${escapeHtml(link)}</a>`,
      )
    : '';
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f5f5f5;font-family:${FONT}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f5f5f5"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px">
<tr><td style="padding:0 8px 16px;font-size:22px;font-weight:800;letter-spacing:-0.5px;color:${ACCENT_TEXT}"><a href="${escapeHtml(appUrl)}" style="color:${ACCENT_TEXT};text-decoration:none">Glimpse</a></td></tr>
<tr><td style="background:#ffffff;border-radius:16px;padding:32px 24px;border-top:4px solid ${ACCENT}">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#171717">${escapeHtml(content.heading)}</h1>
${content.intro.map(paragraph).join('\n')}
${sections}
${action}
${content.outro.map(paragraph).join('\n')}
${fallback}
</td></tr>
<tr><td style="padding:16px 8px;font-size:12px;line-height:1.5;color:#737373">${escapeHtml(FOOTER[language].why)}<br><a href="${escapeHtml(appUrl)}" style="color:#737373">${escapeHtml(appUrl)}</a>${unsubscribe}</td></tr>
</table>
</td></tr></table>
</body>
</html>`;
}
