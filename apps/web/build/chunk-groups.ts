import type { Plugin } from 'vite';

/*
 * The first page load's code in a few large chunks instead of dozens of small ones: over
 * HTTP/1.1 a browser opens six connections to a host, so each further batch of six chunks costs
 * a phone on a slow network another round trip (docs/ARCHITECTURE.md, "Web boot sequence").
 * Each group takes the modules its first module imports statically, transitively, minus those
 * of an earlier group:
 * - boot: main.tsx, the first requests and the screen chunk map, run at once;
 * - react-dom and libs: the libraries the shell and both screens need, apart (rarely change);
 * - app: app/start.tsx, the shell every screen renders in;
 * - screens: what the home and profile screens share;
 * - viewer-profile: what the story viewer shares with the profile screen only (the paying
 *   code of the tip button), so opening a story from home does not load the profile screen;
 * - home and profile: the rest of each;
 * - viewer: the story viewer, opened from both.
 * Anything else falls to the bundler's automatic splitting.
 */
const LIBRARY = /node_modules[\\/]/;
/**
 * The libraries grouped; others (Radix, icons) are split automatically, unused parts dropped.
 * react-i18next's <Trans> and its HTML parser stay out (about 4 kB gzip): the screens that use
 * it import `react-i18next/TransWithoutContext` directly, never the barrel's re-export, so the
 * libs chunk (which holds the barrel) has no binding that would pull their chunk in.
 */
const GROUPED_LIBRARY =
  /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/](query-core|react-query)|clsx|use-sync-external-store|lucide-react[\\/]dist[\\/]esm[\\/](icons[\\/]|createLucideIcon|Icon|defaultAttributes|context|shared[\\/]))/;
const REACT_DOM = /node_modules[\\/](react-dom|scheduler)[\\/]/;
/** react-i18next's <Trans> (imported from `react-i18next/TransWithoutContext`) and its parser. */
const TRANS =
  /node_modules[\\/](react-i18next[\\/]dist[\\/]es[\\/]TransWithoutContext|html-parse-stringify|void-elements)/;

/**
 * Left to automatic splitting: the contract's zod schemas and zod, which the web app never uses
 * (vite.config.ts, contractWithoutZod) but its modules import. A group keeps every module it
 * takes, used or not, so barrels (the contract, radix-ui) must stay out of groups.
 */
const NEVER_GROUPED = /packages[\\/]contract[\\/]|node_modules[\\/]zod[\\/]/;
/**
 * The contract's barrel (the module itself, not what it re-exports) and its plain modules: the
 * error catalogue, constants, categories, the endpoint routes (`routes.ts` and the route files it
 * spreads in, `<area>-routes.ts`). No zod, and the boot code needs
 * them. Left out of every group they became small chunks of their own, more requests before the
 * first screen.
 */
const CONTRACT_LEAF =
  /packages[\\/]contract[\\/]src[\\/](index|errors|constants|categories|endpoints[\\/]([a-z-]+-)?routes)\.ts$/;

const ROOTS = {
  boot: /src[\\/]main\.tsx$/,
  app: /src[\\/]app[\\/]start\.tsx$/,
  home: /src[\\/]features[\\/]home[\\/]HomeScreen\.tsx$/,
  profile: /src[\\/]features[\\/]profile[\\/]PublicProfileScreen\.tsx$/,
  viewer: /src[\\/]features[\\/]story-viewer[\\/]StoryViewerOverlay\.tsx$/,
};

interface ModuleGraph {
  ids: string[];
  staticImports: (id: string) => readonly string[];
}

/** Each group's module ids, computed from the finished module graph. */
export function groupModules(graph: ModuleGraph): Map<string, Set<string>> {
  const closure = (root: RegExp) => {
    const start = graph.ids.find((id) => root.test(id));
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id) || NEVER_GROUPED.test(id)) return;
      if (LIBRARY.test(id) && (!GROUPED_LIBRARY.test(id) || TRANS.test(id))) return;
      seen.add(id);
      graph.staticImports(id).forEach(visit);
    };
    if (start) visit(start);
    return seen;
  };
  const taken = new Set<string>();
  // A dynamically imported module stays in a chunk of its own, which imports its group: taken
  // into a group, Rolldown 1.2 could emit its chunk with an export it never defined.
  const dynamicRoots = [ROOTS.app, ROOTS.home, ROOTS.profile, ROOTS.viewer];
  const take = (ids: Iterable<string>) => {
    const group = new Set(
      [...ids].filter((id) => !taken.has(id) && !dynamicRoots.some((root) => root.test(id))),
    );
    group.forEach((id) => taken.add(id));
    return group;
  };
  const libraries = (ids: Iterable<string>) => [...ids].filter((id) => LIBRARY.test(id));
  const boot = closure(ROOTS.boot);
  graph.ids.filter((id) => CONTRACT_LEAF.test(id)).forEach((id) => boot.add(id));
  const app = closure(ROOTS.app);
  const home = closure(ROOTS.home);
  const profile = closure(ROOTS.profile);
  const viewer = closure(ROOTS.viewer);
  const groups = new Map<string, Set<string>>();
  groups.set('boot', take(boot));
  const shared = [...home].filter((id) => profile.has(id));
  groups.set('react-dom', take(libraries(app).filter((id) => REACT_DOM.test(id))));
  // Libraries of the shell and of both screens; one screen's own stay with that screen.
  groups.set('libs', take(libraries([...app, ...shared])));
  groups.set('app', take(app));
  groups.set('screens', take(shared));
  groups.set('viewer-profile', take([...viewer].filter((id) => profile.has(id))));
  groups.set('home', take(home));
  groups.set('profile', take(profile));
  groups.set('viewer', take(viewer));
  return groups;
}

/** The Vite plugin setting the groups (Vite 8 bundles with Rolldown: output.codeSplitting). */
export function firstLoadChunks(): Plugin {
  let groups = new Map<string, Set<string>>();
  const test = (name: string) => (id: string) => groups.get(name)?.has(id) ?? false;
  const names = [
    'boot',
    'react-dom',
    'libs',
    'app',
    'screens',
    'viewer-profile',
    'home',
    'profile',
    'viewer',
  ];
  return {
    name: 'glimpse:first-load-chunks',
    apply: 'build',
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              // The sets are whole already: a group must not pull in more (zod) on its own.
              includeDependenciesRecursively: false,
              groups: [
                ...names.map((name) => ({ name, test: test(name) })),
                // <Trans> in a chunk of its own for the few screens that use it: left alone,
                // Rolldown merged it into the libs chunk every screen shares.
                { name: 'trans', test: TRANS },
              ],
            },
          },
        },
      },
    }),
    buildEnd() {
      groups = groupModules({
        ids: [...this.getModuleIds()],
        staticImports: (id) => this.getModuleInfo(id)?.importedIds ?? [],
      });
    },
  };
}
