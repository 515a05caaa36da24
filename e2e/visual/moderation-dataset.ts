import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, type APIRequestContext } from '@playwright/test';
import { SIGN_UP_CONSENT } from '../support/accounts.ts';
import { confirmAddressByMail } from '../support/mailbox.ts';
import { avatarPng } from '../support/pictures.ts';
import type { Rgb } from '../support/png.ts';
import { ok } from './api-call.ts';
import { PASSWORD } from './dataset.ts';
import {
  HISTORY_USER,
  LONG_NAMED_OWNER,
  MODERATOR,
  person,
  REPORT_DIALOG_REPORTER,
  STANDING_USER,
  type ModerationPerson,
  type OpenContext,
} from './moderation-people.ts';

/**
 * The moderation console's data (moderation.visual.ts), made through the public API: people of
 * their own (none of the other screens' people, no stories, so no other screen changes), user
 * and message reports with long names and long words, a moderator's decisions for the audit log,
 * an account history and an account's standing. Made once per server, by the first test that
 * needs it (a lock in the run directory; the other worker waits for it).
 */

const REPORTERS = [
  person('Ana Lima', 'ana'),
  person('Bartholomew Fitzgerald-Montgomery of Ballykilcavan', 'bartholomew'),
  REPORT_DIALOG_REPORTER,
  person('Dagny Sørensen', 'dagny'),
  person('Emmanuel Oluwaseun Adebayo-Richardson Jr.', 'emmanuel'),
  person('Fatima Zahra', 'fatima'),
];

/** Reported accounts, oldest report first; the long names are at the 50-character limit. */
const OWNERS = [
  person('Maximiliana Alexandrovna Konstantinopoulou-Whitby', 'maximiliana'),
  person('Tom Reed', 'tom'),
  person('Guadalupe Esperanza de los Santos Villanueva Ruiz', 'guadalupe'),
  person('Ivo Novak', 'ivo'),
  person('Jean-Baptiste Emmanuel Zorg de la Fontaine-Dupré', 'jeanbaptiste'),
  person('Lena Fischer', 'lena'),
  person('Oluwadamilareoluwa Babatundeolumide Adeyemi-Okoro', 'oluwadamilare'),
  person('Priya Raman', 'priya'),
  person('Sven', 'sven'),
  LONG_NAMED_OWNER,
  person('Yusuf Demir', 'yusuf'),
  person('Zoë Hartmann', 'zoe'),
  person('Aleksandra Wiśniewska-Grabowska', 'aleksandra'),
  person('Björn Þórsson', 'bjorn'),
  person('Camille Laurent', 'camille'),
  person('Dmitri Ivanovich Sokolov-Rimsky Tchaikovskiy', 'dmitri'),
  person('Esther Mwangi', 'esther'),
  person('Farhan Chowdhury', 'farhan'),
  person('Giulia Bianchi', 'giulia'),
  person('Hiroshi Tanaka', 'hiroshi'),
  person('Ingrid Halvorsen', 'ingrid'),
  person('Jamal Washington', 'jamal'),
  person('Katarzyna Zielińska', 'katarzyna'),
  person('Luca Romano', 'luca'),
];

/** Accounts whose reports the moderator has already decided: lines in the audit log. */
const DECIDED = [
  person('Marta Kowalczyk', 'marta'),
  person('Nils Bergström', 'nils'),
  person('Olga Petrova', 'olga'),
  person('Pablo Herrera', 'pablo'),
  person('Quinn O’Sullivan', 'quinn'),
  person('Rafael Mendes', 'rafael'),
];

type Reason =
  | 'child_safety'
  | 'non_consensual'
  | 'violence'
  | 'hate'
  | 'harassment'
  | 'self_harm'
  | 'scam'
  | 'spam'
  | 'impersonation'
  | 'copyright'
  | 'underage_creator'
  | 'other';

/** Reporters' words, some at the length a worried reporter writes. */
const LONG_WORDS = [
  'This account keeps sending me messages after I asked them to stop, at least twenty a day for two weeks now, from this account and from two others that use the same picture. Yesterday they wrote where I work and what time I leave. I blocked them here but they come back with new accounts. Please look at the whole history, not only the last message, and tell me what I can do to make it stop.',
  'They are selling a "premium course" and ask everyone to pay outside the app through a link that asks for card details. Three people in my channel lost money already.',
  'Pretends to be me: same name, same photos (taken from my profile without asking), and tells my followers that I moved to this account. Some of them already paid for stories here thinking it was me.',
  'Posted a photo of me that I never agreed to share, taken at a private party. I did not know it was online until a friend sent me the link this morning. I want it removed as soon as possible and I am afraid there are more copies. I am ready to confirm who I am if needed, please tell me how.',
  'Spam',
  'Says they are 16 in their bio and in a message to me.',
];

const LONG_NOTE =
  'Several reporters describe the same pattern of messages over two weeks; the messages themselves confirm it. Warned first; a repeat means a suspension. Reporters told.';

interface Seeded extends ModerationPerson {
  api: APIRequestContext;
  id: number;
}

const colourOf = (index: number): Rgb => [
  (97 * index + 60) % 200,
  (53 * index + 110) % 200,
  (151 * index + 40) % 200,
];

async function register(
  open: OpenContext,
  who: ModerationPerson,
  index: number,
  withAvatar: boolean,
): Promise<Seeded> {
  const api = await open();
  const registered = (await ok(
    await api.post('/api/auth/register', {
      data: {
        email: who.email,
        password: PASSWORD,
        name: who.name,
        birthdate: '1990-04-12',
        sex: index % 2 === 0 ? 'female' : 'male',
        country_code: 'gb',
        ...SIGN_UP_CONSENT,
      },
    }),
    `register ${who.name}`,
    201,
  )) as { id: number };
  if (withAvatar) {
    await ok(
      await api.post('/api/users/me/avatar', {
        multipart: {
          file: { name: 'avatar.png', mimeType: 'image/png', buffer: avatarPng(colourOf(index)) },
        },
      }),
      `avatar of ${who.name}`,
    );
  }
  return { ...who, api, id: registered.id };
}

async function report(
  reporter: Seeded,
  kind: 'user' | 'message',
  targetId: number,
  reason: Reason,
  text?: string,
): Promise<void> {
  await ok(
    await reporter.api.post('/api/reports', {
      data: { target_type: kind, target_id: targetId, reason, ...(text ? { text } : {}) },
    }),
    `report ${kind} ${targetId}`,
    201,
  );
}

async function message(from: Seeded, to: Seeded, text: string): Promise<number> {
  const sent = (await ok(
    await from.api.post('/api/messages/send', {
      data: { user_id: to.id, message: text, client_id: randomUUID() },
    }),
    `message "${text}"`,
  )) as { id: number };
  return sent.id;
}

async function act(
  moderator: Seeded,
  kind: 'user' | 'message',
  targetId: number,
  action: string,
  note: string,
  suspendDays?: number,
): Promise<void> {
  await ok(
    await moderator.api.post('/api/moderation/actions', {
      data: {
        kind,
        target_id: targetId,
        action,
        note,
        ...(suspendDays === undefined ? {} : { suspend_days: suspendDays }),
      },
    }),
    `${action} ${kind} ${targetId}`,
  );
}

/** Reasons per owner: every fourth urgent, words from the list above on most. */
const OWNER_REASONS: Reason[] = [
  'harassment',
  'scam',
  'impersonation',
  'non_consensual',
  'spam',
  'underage_creator',
];

async function seed(open: OpenContext): Promise<void> {
  const moderator = await register(open, MODERATOR, 0, true);
  await confirmAddressByMail(moderator.api, MODERATOR.email);
  // The admin role comes with the confirmation; a fresh sign-in carries it.
  await ok(
    await moderator.api.post('/api/auth/login', {
      data: { email: MODERATOR.email, password: PASSWORD },
    }),
    'moderator signs in',
  );
  const reporters: Seeded[] = [];
  for (const [index, who] of REPORTERS.entries()) {
    reporters.push(await register(open, who, index + 1, index % 2 === 0));
  }
  const reporter = (index: number) => reporters[index % reporters.length]!;

  // Accounts reported and then decided: the audit log's lines (the queue no longer lists them).
  for (const [index, who] of DECIDED.entries()) {
    const owner = await register(open, who, 40 + index, false);
    await report(reporter(index), 'user', owner.id, index % 2 ? 'spam' : 'scam');
    await act(
      moderator,
      'user',
      owner.id,
      index % 3 === 0 ? 'dismiss' : 'warn',
      index % 3 === 0 ? 'Nothing against the rules on the profile.' : LONG_NOTE,
    );
  }

  // The account with a history: messages reported, one taken down, a warning, payouts held,
  // suspended for 30 days; one message report still open.
  const history = await register(open, HISTORY_USER, 60, true);
  const historyMessages: number[] = [];
  for (const [index, text] of [
    'Answer me. I know you read this.',
    'Pay 50 here first: glimpse-premium.example/pay',
    'Last chance before I post the photos.',
  ].entries()) {
    historyMessages.push(await message(history, reporter(index), text));
  }
  for (const [index, id] of historyMessages.entries()) {
    await report(
      reporter(index),
      'message',
      id,
      index === 1 ? 'scam' : 'harassment',
      LONG_WORDS[index],
    );
  }
  await report(reporter(3), 'user', history.id, 'harassment', LONG_WORDS[0]);
  await act(moderator, 'message', historyMessages[0]!, 'warn', 'First warning: unwanted messages.');
  await act(moderator, 'message', historyMessages[1]!, 'take_down', 'Payment outside the app.');
  await act(
    moderator,
    'user',
    history.id,
    'hold_payouts',
    'Held while the scam reports are looked at.',
  );
  await act(moderator, 'user', history.id, 'suspend', LONG_NOTE, 30);

  // The account whose standing page is shown.
  const standing = await register(open, STANDING_USER, 61, true);
  const standingMessages = [
    await message(standing, reporter(0), 'Buy my course, 90% off today only!!!'),
    await message(standing, reporter(1), 'You will regret blocking me.'),
  ];
  await report(reporter(0), 'message', standingMessages[0]!, 'spam');
  await report(reporter(1), 'message', standingMessages[1]!, 'harassment', LONG_WORDS[0]);
  await act(
    moderator,
    'message',
    standingMessages[0]!,
    'take_down',
    'Advertising is not allowed in direct messages.',
  );
  await act(moderator, 'message', standingMessages[1]!, 'warn', LONG_NOTE);
  await act(
    moderator,
    'user',
    standing.id,
    'hold_payouts',
    'Held while the spam reports are looked at.',
  );
  await ok(
    await standing.api.post('/api/appeals', {
      data: {
        kind: 'message',
        target_id: standingMessages[0],
        statement: 'It was a link to my own course, sent to a friend who asked for it.',
      },
    }),
    'appeal',
    201,
  );

  // The open queue: every owner reported as an account, some by several people; every third
  // also for a message.
  for (const [index, who] of OWNERS.entries()) {
    const owner = await register(open, who, 10 + index, index % 3 !== 1);
    const reason = OWNER_REASONS[index % OWNER_REASONS.length]!;
    const reports = 1 + (index % 4);
    for (let r = 0; r < reports; r++) {
      const words = (index + r) % 3 === 2 ? undefined : LONG_WORDS[(index + r) % LONG_WORDS.length];
      await report(
        reporter(index + r),
        'user',
        owner.id,
        r === 1 ? 'other' : reason,
        r === 1 ? (words ?? 'See the profile.') : words,
      );
    }
    if (index % 3 === 0) {
      const to = reporter(index + 1);
      const id = await message(
        owner,
        to,
        'Send me 20 and I send you the video. You know which one.',
      );
      await report(to, 'message', id, index % 2 ? 'scam' : 'non_consensual', LONG_WORDS[3]);
    }
  }
  await Promise.all([moderator, ...reporters, history, standing].map((s) => s.api.dispose()));
}

/** Whether this server has the data already (VISUAL_REUSE_SERVER): the moderator can sign in. */
async function exists(open: OpenContext): Promise<boolean> {
  const api = await open();
  try {
    const login = await api.post('/api/auth/login', {
      data: { email: MODERATOR.email, password: PASSWORD },
    });
    return login.status() === 200;
  } finally {
    await api.dispose();
  }
}

/**
 * Makes the data once per run: the first caller takes the lock and seeds, the others wait for
 * its mark (or its failure).
 */
export async function ensureModerationDataset(open: OpenContext): Promise<void> {
  const runDir = process.env.GLIMPSE_VISUAL_RUN_DIR;
  if (!runDir) throw new Error('GLIMPSE_VISUAL_RUN_DIR is not set');
  const lock = `${runDir}/moderation-dataset.lock`;
  const done = `${lock}/done`;
  const failed = `${lock}/failed`;
  let mine = false;
  try {
    mkdirSync(lock);
    mine = true;
  } catch {
    // Another worker seeds.
  }
  if (mine) {
    try {
      if (!(await exists(open))) await seed(open);
      writeFileSync(done, '');
    } catch (error) {
      writeFileSync(failed, String(error));
      throw error;
    }
    return;
  }
  await expect
    .poll(
      () => {
        if (existsSync(failed)) throw new Error(`seeding failed: ${readFileSync(failed, 'utf8')}`);
        return existsSync(done);
      },
      { timeout: 240_000, intervals: [500], message: 'the moderation data never came' },
    )
    .toBe(true);
}
