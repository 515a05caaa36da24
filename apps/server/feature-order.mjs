/**
 * The server features in their declared order, lowest first: a feature may import only the
 * features before it (through their index.ts). eslint.config.js turns this one list into
 * import-x/no-restricted-paths zones, so an upward import, and with it any cycle between
 * features, fails the lint. platform/ and db/ sit below every feature; features/index.ts (the
 * composition root) sits above them all.
 */
export const SERVER_FEATURE_ORDER = [
  'reference',
  'audit',
  'staff',
  'access',
  'media',
  'mail',
  'users',
  'notifications',
  'auth',
  'account-deletion',
  'social',
  'blocks',
  'uploads',
  'verification',
  'chats',
  'money',
  'known-content',
  'stories',
  'live',
  'moderation',
  'copyright',
  'appeals',
  'exports',
  'home',
  'search',
  'demo',
];

const SRC = './apps/server/src';
const FEATURES = `${SRC}/features`;
const ORDER_TEXT = SERVER_FEATURE_ORDER.join(' < ');

/** The zones that keep the server's features in order and behind their public faces. */
export function serverFeatureZones() {
  const folder = (feature) => `${FEATURES}/${feature}`;
  const upward = SERVER_FEATURE_ORDER.slice(0, -1).map((feature, index) => ({
    target: folder(feature),
    from: SERVER_FEATURE_ORDER.slice(index + 1).map(folder),
    message:
      `Feature "${feature}" may import only features before it in the order ${ORDER_TEXT} ` +
      '(apps/server/feature-order.mjs): move what both need below both, or invert the call.',
  }));
  const internals = SERVER_FEATURE_ORDER.map((feature) => ({
    target: SERVER_FEATURE_ORDER.filter((other) => other !== feature).map(folder),
    from: folder(feature),
    except: ['./index.ts'],
    message: `Use feature "${feature}" only through its index.ts (its public face).`,
  }));
  const below = {
    target: [`${SRC}/platform`, `${SRC}/db`],
    from: FEATURES,
    message: 'platform/ and db/ sit below every feature and never import one.',
  };
  return [...upward, ...internals, below];
}
