// A Vite plugin for the unit tests: src/ imports a few modules the build generates into build/
// (scripts/prebuild.mjs); this makes the same modules in memory, from the same generators, so the
// unit tests need no build. Any other module of build/ or dist/ (the metered engines, the bundles)
// throws when it is loaded: a test that needs those belongs to the full tier.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gameMapsModule } from './game-maps.mjs';
import { gameViewerModule } from './game-viewers.mjs';
import { quickjsGlueSource } from './quickjs-glue.mjs';
import { scalarModule } from './scalar.mjs';
import { webGamesModule } from './web-games.mjs';
import { pythonCompatModule } from './python-compat.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PREFIX = '\0umpire-generated:';

/**
 * The glue is CommonJS: run here in a scope of its own (no module, exports or define, so it only
 * sets its QuickJSRaw), which the module exports as its default.
 */
const glueAsEsModule = () =>
  `const QuickJSRaw = ((module, exports, define) => {\n${quickjsGlueSource()}\nreturn QuickJSRaw;\n})();\nexport default QuickJSRaw;\n`;

/** [path under the root, its module's source from the match]. */
const GENERATED = [
  [/^build\/quickjs-glue\.cjs$/, glueAsEsModule],
  [/^build\/maps\/([\w-]+)\.js$/, (game) => gameMapsModule(game).source],
  [/^build\/viewers\/([\w-]+)\.js$/, async (game) => (await gameViewerModule(game)).source],
  [/^build\/web\/games\.js$/, () => webGamesModule().source],
  [/^build\/docs\/scalar\.js$/, () => scalarModule().source],
  [/^build\/python-compat\.js$/, () => pythonCompatModule().source],
];

const underRoot = (file) => relative(ROOT, file).split(sep).join('/');

export function generatedSources() {
  return {
    name: 'umpire-generated-sources',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !source.startsWith('.')) return null;
      const path = underRoot(resolve(dirname(importer.split('?')[0]), source));
      return /^(build|dist)\//.test(path) ? PREFIX + path : null;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const path = id.slice(PREFIX.length);
      for (const [pattern, make] of GENERATED) {
        const match = pattern.exec(path);
        if (match) return await make(...match.slice(1));
      }
      return `throw new Error(${JSON.stringify(`${path} needs \`npm run build\`: the unit tests run without one`)});\n`;
    },
  };
}
