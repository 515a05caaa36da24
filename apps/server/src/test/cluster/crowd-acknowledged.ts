import pg from 'pg';
import type { FaultCrowd } from './crowd-faults.ts';
import type { CrowdUser } from './crowd-user.ts';

/**
 * What a fault run checks after the faults: everything the cluster acknowledged is there (in
 * PostgreSQL, and uploads processed by the worker), and the money adds up: no negative wallet,
 * no key charged twice, every account's balance the sum of its entries.
 */
export interface AcknowledgedReport {
  messages: { acknowledged: number; missing: number[] };
  tips: {
    acknowledged: number;
    /** Acknowledged keys with no transfer. */
    missing: string[];
    /** 503-refused keys retried once the faults were over (each must then be taken once). */
    retried: number;
    retryFailures: string[];
    /** Keys with more than one transfer, or a transfer for a key the crowd never sent. */
    doubled: string[];
    phantom: string[];
  };
  ledger: {
    negativeWallets: number[];
    /** Accounts whose balance is not the sum of their entries. */
    unbalancedAccounts: number[];
    /** Transfers whose entries do not sum to zero. */
    unbalancedTransfers: number[];
    /** Viewers whose wallet is not the top-up less one unit per tip transfer. */
    walletMismatches: string[];
  };
  uploads: {
    acknowledged: number;
    missing: number[];
    /** Stories not processed (still processing, or failed) by the deadline. */
    unprocessed: { id: number; error: string | null }[];
    /** Stories whose image did not come back through nginx (the blob in S3). */
    unserved: number[];
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface OwnStory {
  id: number;
  is_processing: boolean;
  processing_error: string | null;
  overlay_image_src: string | null;
}

export async function checkAcknowledged(
  crowd: FaultCrowd,
  databaseUrl: string,
  processingTimeoutMs = 120_000,
): Promise<AcknowledgedReport> {
  // The refused tips first: a 503 took nothing, so the same key now takes it exactly once.
  const retryFailures: string[] = [];
  let retried = 0;
  for (const [user, log] of crowd.tips)
    for (const { key, creatorId } of log.refused) {
      retried += 1;
      const answer = await user.call(
        'POST /api/tips (retry)',
        'POST',
        '/api/tips',
        { user_id: creatorId, amount: 1, message: 'through the faults' },
        { 'idempotency-key': key },
      );
      if (answer.status === 200) log.acknowledged.push(key);
      else retryFailures.push(`${key}: ${answer.status}`);
    }

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const acknowledgedMessages = crowd.viewers.flatMap((u) => u.acknowledged);
    const foundMessages = await client.query<{ id: number }>(
      'select id from messages where id = any($1::int[])',
      [acknowledgedMessages],
    );
    const foundIds = new Set(foundMessages.rows.map((r) => Number(r.id)));

    const ids = crowd.viewers.map((u) => u.id);
    const transfers = await client.query<{ initiator_id: number; idempotency_key: string }>(
      `select initiator_id, idempotency_key from ledger_transfers
        where kind = 'tip' and initiator_id = any($1::int[])`,
      [ids],
    );
    const keyCount = new Map<string, number>();
    for (const row of transfers.rows)
      keyCount.set(row.idempotency_key, (keyCount.get(row.idempotency_key) ?? 0) + 1);
    const sentKeys = new Set(
      [...crowd.tips.values()].flatMap((l) => [
        ...l.acknowledged,
        ...l.refused.map((r) => r.key),
        ...l.unknown,
      ]),
    );
    const wallets = await client.query<{ owner_id: number; balance_cents: string }>(
      `select owner_id, sum(balance_cents) as balance_cents from ledger_accounts
        where kind = 'wallet' and owner_id = any($1::int[]) group by owner_id`,
      [ids],
    );
    const walletOf = new Map(wallets.rows.map((r) => [r.owner_id, Number(r.balance_cents)]));
    const tipsBy = new Map<number, number>();
    for (const row of transfers.rows)
      tipsBy.set(row.initiator_id, (tipsBy.get(row.initiator_id) ?? 0) + 1);
    const walletMismatches = crowd.viewers
      .filter((u) => walletOf.get(u.id) !== 2_000 - 100 * (tipsBy.get(u.id) ?? 0))
      .map((u) => `user ${u.id}: ${walletOf.get(u.id)} cents, ${tipsBy.get(u.id) ?? 0} tips`);

    const negative = await client.query<{ id: number }>(
      `select id from ledger_accounts where kind = 'wallet' and balance_cents < 0`,
    );
    const unbalancedAccounts = await client.query<{ id: number }>(
      `select a.id from ledger_accounts a
         left join (select account_id, sum(amount_cents) as total from ledger_entries
                     group by account_id) e on e.account_id = a.id
        where a.balance_cents <> coalesce(e.total, 0)`,
    );
    const unbalancedTransfers = await client.query<{ transfer_id: number }>(
      `select transfer_id from ledger_entries group by transfer_id having sum(amount_cents) <> 0`,
    );

    const uploaded = [...crowd.uploads.values()].flat();
    const storyRows = await client.query<{ id: number }>(
      'select id from stories where id = any($1::int[])',
      [uploaded],
    );
    const storedStories = new Set(storyRows.rows.map((r) => r.id));

    return {
      messages: {
        acknowledged: acknowledgedMessages.length,
        missing: acknowledgedMessages.filter((id) => !foundIds.has(id)),
      },
      tips: {
        acknowledged: [...crowd.tips.values()].reduce((n, l) => n + l.acknowledged.length, 0),
        missing: [...crowd.tips.values()]
          .flatMap((l) => l.acknowledged)
          .filter((key) => !keyCount.has(key)),
        retried,
        retryFailures,
        doubled: [...keyCount].filter(([, n]) => n > 1).map(([key]) => key),
        phantom: [...keyCount.keys()].filter((key) => !sentKeys.has(key)),
      },
      ledger: {
        negativeWallets: negative.rows.map((r) => r.id),
        unbalancedAccounts: unbalancedAccounts.rows.map((r) => r.id),
        unbalancedTransfers: unbalancedTransfers.rows.map((r) => Number(r.transfer_id)),
        walletMismatches,
      },
      uploads: {
        acknowledged: uploaded.length,
        missing: uploaded.filter((id) => !storedStories.has(id)),
        ...(await uploadsProcessed(crowd, new Set(uploaded), processingTimeoutMs)),
      },
    };
  } finally {
    await client.end();
  }
}

/** Waits for the worker to process every acknowledged upload, then fetches each one's image. */
async function uploadsProcessed(
  crowd: FaultCrowd,
  uploaded: Set<number>,
  timeoutMs: number,
): Promise<Pick<AcknowledgedReport['uploads'], 'unprocessed' | 'unserved'>> {
  const deadline = Date.now() + timeoutMs;
  let stories: { owner: CrowdUser; story: OwnStory }[];
  for (;;) {
    stories = [];
    for (const owner of crowd.creators) {
      const own = await owner.call('GET /api/users/me/stories', 'GET', '/api/users/me/stories');
      if (own.status === 200)
        for (const story of own.body as OwnStory[])
          if (uploaded.has(story.id)) stories.push({ owner, story });
    }
    if (stories.every(({ story }) => !story.is_processing) || Date.now() > deadline) break;
    await sleep(500);
  }
  const unprocessed = stories
    .filter(({ story }) => story.is_processing || story.processing_error)
    .map(({ story }) => ({ id: story.id, error: story.processing_error }));
  const unserved: number[] = [];
  for (const { owner, story } of stories) {
    if (story.is_processing || story.processing_error) continue;
    const image = story.overlay_image_src
      ? await owner.call('GET /media/{story image} (after)', 'GET', story.overlay_image_src)
      : { status: 0 };
    if (image.status !== 200) unserved.push(story.id);
  }
  return { unprocessed, unserved };
}
