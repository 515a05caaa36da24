import { describe, expect, it } from 'vitest';
import { MAIL_TEMPLATES } from './mail-types.ts';
import { claimantToken, mailedToken } from './mail-token.ts';
import { renderMail } from './render-mail.ts';
import { TEMPLATES } from './templates/index.ts';

const config = { secret: 'test-secret', publicUrl: 'https://glimpse.example' };
const cases = MAIL_TEMPLATES.flatMap((template) =>
  (['en', 'de'] as const).map((language) => [template, language] as const),
);

describe('renderMail', () => {
  it.each(cases)(
    'writes %s in %s: subject, text and HTML, the link only where it belongs',
    (template, language) => {
      const mail = renderMail(
        {
          template,
          params: {
            name: 'Ann',
            new_email: 'new@example.com',
            expires_minutes: 30,
            // The copyright claimant's mails: the notice its link's token comes from.
            notice: 11,
            work: 'Harbour at dawn',
            restore_date: '2026-12-11',
          },
          accountTokenId: 7,
          language,
        },
        config,
      )!;
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.html).toContain(`<html lang="${language}">`);
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toMatch(/undefined|null|NaN|\[object/);
      }
      const token = mailedToken(config.secret, 7);
      const linkPath = TEMPLATES[template].linkPath;
      if (linkPath) {
        expect(mail.text).toContain(`https://glimpse.example${linkPath}?token=${token}`);
        expect(mail.html).toContain(`href="https://glimpse.example${linkPath}?token=${token}"`);
      } else {
        expect(mail.text).not.toContain(token);
        expect(mail.html).not.toContain(token);
      }
      const claimant = claimantToken(config.secret, 11);
      const claimantPath = TEMPLATES[template].claimantPath;
      if (claimantPath) {
        expect(mail.text).toContain(`https://glimpse.example${claimantPath}?token=${claimant}`);
      } else {
        expect(mail.text).not.toContain(claimant);
      }
    },
  );

  it.each([
    ['en', 'Your content was removed for breaking our rules: “Beach day with the crew”'],
    ['de', 'Dein Inhalt wurde wegen eines Regelverstoßes entfernt: „Beach day with the crew“'],
  ] as const)(
    'names a taken-down item by its words in a moderation notice (%s)',
    (language, line) => {
      const notice = (excerpt?: string) =>
        renderMail(
          {
            template: 'notification',
            params: {
              name: 'Ann',
              type: 'moderation_notice',
              actor: '',
              others: 0,
              outcome: 'take_down',
              ...(excerpt ? { excerpt } : {}),
              path: '/me/settings/standing',
              unsubscribe: 'moderation_notice',
            },
            accountTokenId: 7,
            language,
          },
          config,
        )!;
      expect(notice('Beach day with the crew').text).toContain(line);
      // Without words (a photo without a caption) the decision alone.
      const bare = notice().text;
      expect(bare).toContain(line.split(':')[0]);
      expect(bare).not.toContain('Beach');
    },
  );

  it('writes no claimant mail without its notice (no link to derive)', () => {
    const mail = renderMail(
      { template: 'copyright_notice_received', params: {}, accountTokenId: null, language: 'en' },
      config,
    );
    expect(mail).toBeUndefined();
  });

  it('differs between English and German', () => {
    const base = { template: 'password_reset', params: {}, accountTokenId: 1 } as const;
    const en = renderMail({ ...base, language: 'en' }, config)!;
    const de = renderMail({ ...base, language: 'de' }, config)!;
    expect(en.subject).not.toBe(de.subject);
    expect(renderMail({ ...base, language: null }, config)!.subject).toBe(en.subject);
  });

  it('escapes parameters in the HTML part, and keeps them as written in the text part', () => {
    const mail = renderMail(
      {
        template: 'email_change_notice',
        params: { name: '<b>Ann</b>', new_email: '"x"@example.com' },
        accountTokenId: null,
        language: 'en',
      },
      config,
    )!;
    expect(mail.html).toContain('Hi &lt;b&gt;Ann&lt;/b&gt;,');
    expect(mail.html).toContain('&quot;x&quot;@example.com');
    expect(mail.html).not.toContain('<b>Ann');
    expect(mail.text).toContain('Hi <b>Ann</b>,');
  });

  it('writes nothing for a link whose account token is gone, or a template it does not know', () => {
    const gone = { params: {}, accountTokenId: null, language: 'en' } as const;
    expect(renderMail({ ...gone, template: 'email_verify' }, config)).toBeUndefined();
    expect(renderMail({ ...gone, template: 'newsletter' }, config)).toBeUndefined();
  });
});

describe('mailedToken', () => {
  it('is 43 base64url characters, fixed per secret and row, different across either', () => {
    const token = mailedToken('a', 1);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mailedToken('a', 1)).toBe(token);
    expect(mailedToken('a', 2)).not.toBe(token);
    expect(mailedToken('b', 1)).not.toBe(token);
  });
});
