const DISPLAY_NAME = Symbol.for('fastify.display-name');

/**
 * Names a route plugin for Fastify. An unnamed one is looked for, at every registration, by a
 * scan of every loaded module's exports (`require.cache`) before Fastify falls back to the
 * function's name: ~5 CPU-s in a pass of the API suites, whose workers keep thousands of modules
 * loaded and start a server per file. fastify-plugin (`fp`) names its own.
 */
export function namedPlugin<T extends object>(name: string, plugin: T): T {
  const target = plugin as Record<symbol, string | undefined>;
  target[DISPLAY_NAME] ??= name;
  return plugin;
}
