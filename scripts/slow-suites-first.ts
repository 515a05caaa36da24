import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Suites that took about 10 s or more in CI (either database pass), longest first. A run without
 * vitest's results cache (every CI run: a fresh clone) orders a group's files by size, so a long
 * suite in a small file could start last and keep the whole group waiting on it with the other
 * workers idle; these start first instead. A suite missing here only loses that head start.
 */
const SLOW_SUITES = [
  'src/test/fuzz/openapi-fuzz.api.test.ts',
  'src/features/demo/demo-seed-once.api.test.ts',
  'src/features/chats/chat-backfill.api.test.ts',
  'src/test/faults/cluster-faults.test.ts',
  'src/features/stories/story-restart.test.ts',
  'src/test/cluster/node-kill.api.test.ts',
  'src/platform/db/database.test.ts',
  'src/features/notifications/events/demo.api.test.ts',
  'src/test/cluster/live-across-nodes.api.test.ts',
  'src/features/staff/staff.api.test.ts',
  'src/features/live/live-ingest.api.test.ts',
  'src/features/moderation/review/review.api.test.ts',
  'src/platform/media-tools/audio.test.ts',
  'src/features/auth/forgot-password-timing.api.test.ts',
  'src/features/money/ledger/ledger-model.api.test.ts',
  'src/features/stories/story-pipeline.test.ts',
  'src/features/demo/demo-seed.api.test.ts',
  'src/features/stories/story-effects.test.ts',
  'src/features/chats/audio-messages.api.test.ts',
  'src/features/live/live-publishing-load.api.test.ts',
  'src/features/access/authz-matrix.api.test.ts',
  'src/features/live/live-replay.api.test.ts',
  'src/features/live/rtmp-ingest.api.test.ts',
  // 10-15 s, mostly waiting (timers, reconnects): started late, each was the last of its group.
  'src/platform/queue/pg-boss-job-runner.test.ts',
  'src/test/faults/redis-outage.test.ts',
  'src/features/live/live-sockets.api.test.ts',
  'src/features/live/live-ingest-handover.api.test.ts',
];

function slowRank(file: TestSpecification): number {
  const rank = SLOW_SUITES.findIndex((suite) => file.moduleId.endsWith(`/${suite}`));
  return rank === -1 ? SLOW_SUITES.length : rank;
}

/**
 * The isolated projects (`web-mocks`, `server-mocks`) before the shared ones of their group: a
 * worker starts anew when it switches projects, and the isolated ones are a few files that
 * include a slow one (audio.test.ts) which, run last, left the group's other workers idle.
 */
function projectRank(file: TestSpecification): string {
  const name = file.project.name;
  return `${name.endsWith('-mocks') ? 0 : 1}${name}`;
}

/**
 * Vitest's order (groups, projects, cached durations or sizes), with the slow suites first in
 * each project.
 */
export class SlowSuitesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const position = new Map(sorted.map((file, index) => [file, index]));
    return [...sorted].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        projectRank(a).localeCompare(projectRank(b)) ||
        slowRank(a) - slowRank(b) ||
        position.get(a)! - position.get(b)!,
    );
  }
}
