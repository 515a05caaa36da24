import { mailedToken } from './mail-token.ts';
import { layoutMail, type RenderedMail } from './mail-layout.ts';
import {
  MAIL_TEMPLATES,
  type MailLanguage,
  type MailParams,
  type MailTemplate,
} from './mail-types.ts';
import { TEMPLATES, templateParams } from './templates/index.ts';

export interface MailToRender {
  template: string;
  params: MailParams;
  accountTokenId: number | null;
  language: MailLanguage | null;
}

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
  }
  const language = mail.language ?? 'en';
  const content = definition.content[language](templateParams(mail.params));
  return layoutMail(content, language, link, config.publicUrl);
}
