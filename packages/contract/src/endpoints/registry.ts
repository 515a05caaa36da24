import { accountEndpoints } from './account.ts';
import { copyrightEndpoints } from './copyright.ts';
import { knownContentEndpoints } from './known-content.ts';
import { moderationEndpoints } from './moderation.ts';
import { authEndpoints } from './auth.ts';
import { healthEndpoints } from './health.ts';
import { homeEndpoints } from './home.ts';
import { messagingEndpoints } from './messaging.ts';
import { streamsEndpoints } from './streams.ts';
import { moneyEndpoints } from './money.ts';
import { notificationsEndpoints } from './notifications.ts';
import { referenceEndpoints } from './reference.ts';
import { searchEndpoints } from './search.ts';
import type { Endpoint } from './define.ts';
import type { EndpointName } from './routes.ts';
import { storiesEndpoints } from './stories.ts';
import { usersEndpoints } from './users.ts';
import { walletEndpoints } from './wallet.ts';

/**
 * Every endpoint of the API by name: one place for its route, schemas and errors. A name in
 * `endpointRoutes` without a descriptor fails to compile; endpoints.test.ts catches the reverse.
 */
export const endpoints = {
  ...authEndpoints,
  ...healthEndpoints,
  ...accountEndpoints,
  ...referenceEndpoints,
  ...usersEndpoints,
  ...storiesEndpoints,
  ...homeEndpoints,
  ...walletEndpoints,
  ...moneyEndpoints,
  ...messagingEndpoints,
  ...streamsEndpoints,
  ...searchEndpoints,
  ...notificationsEndpoints,
  ...moderationEndpoints,
  ...knownContentEndpoints,
  ...copyrightEndpoints,
} satisfies Record<EndpointName, Endpoint>;

export type Endpoints = typeof endpoints;
