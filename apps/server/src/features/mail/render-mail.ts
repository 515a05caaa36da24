import { claimantToken, mailedToken } from './mail-token.ts';
import { layoutMail, type RenderedMail } from './mail-layout.ts';
import {
  MAIL_TEMPLATES,
  type MailLanguage,
  type MailParams,
  type MailTemplate,
} from './mail-types.ts';
import { TEMPLATES, templateParams } from './templates/index.ts';
import { unsubscribeToken, unsubscribeUrls } from './unsubscribe-token.ts';

export interface MailToRender {
  template: string;
  params: MailParams;
  accountTokenId: number | null;
  language: MailLanguage | null;
  /** The recipient's account: a mail with an `unsubscribe` parameter needs it. */
  userId?: number | null;
}

/** An app path of this site from a parameter: absolute, not protocol-relative, no spaces. */
const APP_PATH = /^\/(?![/\\])[^\s]*$/;

export interface RenderContext {
  secret: string;
  publicUrl: string;
}

const isTemplate = (name: string): name is MailTemplate =>
  (MAIL_TEMPLATES as readonly string[]).includes(name);

/**
 * The mail in its recipient's language (English without an account), with its link's token
 * derived again here. Undefined when it cannot be written: a template this version does not
 * know, or a link whose account token is gone (the account was deleted).
 */
export function renderMail(mail: MailToRender, config: RenderContext): RenderedMail | undefined {
  if (!isTemplate(mail.template)) return undefined;
  const definition = TEMPLATES[mail.template];
  let link: string | undefined;
  if (definition.linkPath) {
    if (mail.accountTokenId === null) return undefined;
    const token = mailedToken(config.secret, mail.accountTokenId);
    link = `${config.publicUrl}${definition.linkPath}?token=${token}`;
  } else if (definition.pagePath) {
    link = `${config.publicUrl}${definition.pagePath}`;
  } else if (definition.claimantPath) {
    const notice = mail.params.notice;
    if (typeof notice !== 'number') return undefined;
    link = `${config.publicUrl}${definition.claimantPath}?token=${claimantToken(config.secret, notice)}`;
  } else if (definition.paramPath) {
    const path = mail.params.path;
    link = `${config.publicUrl}${typeof path === 'string' && APP_PATH.test(path) ? path : '/'}`;
  }
  const language = mail.language ?? 'en';
  const content = definition.content[language](templateParams(mail.params));
  // A notification mail's one-click unsubscribe (RFC 8058): the `unsubscribe` parameter names
  // what it turns off; the token is derived here, so no table or queue ever holds it.
  const topic = mail.params.unsubscribe;
  if (typeof topic !== 'string' || !mail.userId) {
    return layoutMail(content, language, link, config.publicUrl);
  }
  const urls = unsubscribeUrls(
    config.publicUrl,
    unsubscribeToken(config.secret, mail.userId, topic),
  );
  return {
    ...layoutMail(content, language, link, config.publicUrl, urls.page),
    headers: {
      'List-Unsubscribe': `<${urls.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
