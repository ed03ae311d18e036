// The esbuild plugin both bundles (the renderer's and the CLI's) share: zod in English alone.
import type { Plugin } from 'esbuild';
import { dirname, join } from 'node:path';

/** zod's `z` namespace carries the messages of every language it knows (z.locales: about 260 KB
 * minified, a third of app.js, parsed at every start). The window never changes zod's language
 * from English, its default, and the merchant reads the app's own messages anyway: the
 * namespace is given English alone. */
export const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(args.importer)
        ? { path: join(dirname(args.importer), '..', 'locales', 'en.js'), namespace: 'zod-english' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-english' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: dirname(args.path),
    }));
  },
};
