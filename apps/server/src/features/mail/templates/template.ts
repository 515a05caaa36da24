import type { MailLanguage, MailParams } from '../mail-types.ts';

/** The pages a mailed link opens, with `?token=`. */
export type MailLinkPath = '/verify-email' | '/reset-password';

/** Pages of the app a notice's button opens as they are, without a token (data export). */
export type MailPagePath = '/me/settings/security' | '/notifications';

/** What one mail says in one language; the layout (mail-layout.ts) gives it the product's look. */
export interface MailContent {
  subject: string;
  heading: string;
  /** Paragraphs before the button. */
  intro: string[];
  /** The button's label, when the mail carries a link. */
  action?: string;
  /** Paragraphs after the button: how long the link works, what to do if it was not you. */
  outro: string[];
  /**
   * Lists after the intro (the digest's lines by type), each line linking to an app path; `more`
   * closes a capped list ("and 4 more").
   */
  sections?: MailSection[];
}

export interface MailSection {
  heading: string;
  lines: { text: string; path: string }[];
  more?: string;
}

export interface MailTemplateDefinition {
  /** The page the mail's single-use link opens; absent for a notice without a link. */
  linkPath?: MailLinkPath;
  /** A page the button opens without a token (the reader signs in as usual there). */
  pagePath?: MailPagePath;
  /**
   * The button opens the app path in the `path` parameter (a notification's subject), checked to
   * be a path of this site.
   */
  paramPath?: boolean;
  /**
   * The copyright claimant's page: `?token=` derived from the `notice` parameter (claimantToken),
   * so neither the mails table nor the queue holds the token.
   */
  claimantPath?: '/copyright/court-action';
  content: Record<MailLanguage, (params: TemplateParams) => MailContent>;
}

/** A template's parameters, read safely: a missing one is an empty string or undefined. */
export interface TemplateParams {
  text(name: string): string;
  number(name: string): number | undefined;
}

export function templateParams(params: MailParams): TemplateParams {
  return {
    text: (name) => {
      const value = params[name];
      return value === undefined ? '' : String(value);
    },
    number: (name) => {
      const value = params[name];
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    },
  };
}
