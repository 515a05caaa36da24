import { greeting } from './greeting.ts';
import type { MailTemplateDefinition } from './template.ts';

/**
 * A copyright claimant's mails (features/copyright); the claimant has no account, so these are
 * in English unless the notice named none. Params: `name`, `notice` (the id the link's token is
 * derived from), `work`, and for the counter-notice `restore_date` (YYYY-MM-DD).
 */
export const copyrightNoticeReceived: MailTemplateDefinition = {
  claimantPath: '/copyright/court-action',
  content: {
    en: (params) => ({
      subject: 'Your copyright notice was received',
      heading: 'We took the content down',
      intro: [
        greeting('en', params),
        `We received your notice about “${params.text('work')}” and took the content down. Its creator has been told and may send a counter-notice; we will mail you if they do.`,
        'If you file a court action about it, report it with the link below: the content then stays down.',
      ],
      action: 'Report a court action',
      outro: ['Keep this mail: the link is the only way to report a court action for this notice.'],
    }),
    de: (params) => ({
      subject: 'Deine Urheberrechtsmeldung ist eingegangen',
      heading: 'Wir haben die Inhalte entfernt',
      intro: [
        greeting('de', params),
        `Wir haben deine Meldung zu „${params.text('work')}“ erhalten und die Inhalte entfernt. Der Creator wurde informiert und kann eine Gegendarstellung senden; wir schreiben dir, falls das passiert.`,
        'Wenn du deswegen Klage erhebst, melde es über den Link unten: Dann bleiben die Inhalte entfernt.',
      ],
      action: 'Klage melden',
      outro: ['Bewahre diese E-Mail auf: Nur mit diesem Link kannst du eine Klage melden.'],
    }),
  },
};

export const copyrightCounterNotice: MailTemplateDefinition = {
  claimantPath: '/copyright/court-action',
  content: {
    en: (params) => ({
      subject: 'A counter-notice to your copyright notice',
      heading: 'The creator sent a counter-notice',
      intro: [
        greeting('en', params),
        `The creator of the content you reported as “${params.text('work')}” sent a counter-notice. The content returns on ${params.text('restore_date')} unless you report a court action before then.`,
      ],
      action: 'Report a court action',
      outro: [],
    }),
    de: (params) => ({
      subject: 'Eine Gegendarstellung zu deiner Urheberrechtsmeldung',
      heading: 'Der Creator hat widersprochen',
      intro: [
        greeting('de', params),
        `Der Creator der Inhalte, die du als „${params.text('work')}“ gemeldet hast, hat eine Gegendarstellung gesendet. Die Inhalte kommen am ${params.text('restore_date')} zurück, wenn du bis dahin keine Klage meldest.`,
      ],
      action: 'Klage melden',
      outro: [],
    }),
  },
};
