// Build step (before tsc): the modules generated from files of the project and of its packages,
// which src/ imports from build/: the emscripten glue of the metered QuickJS, each game's maps and
// viewer, what the web pages show of each game, the Python compatibility modules, the API reference's bundle. scripts/generated/
// makes each one; this writes them. (The unit tests get the same modules from there, in memory.)
import { mkdirSync, writeFileSync } from 'node:fs';
import { GAME_MAPS_DTS, gameMapsModule, gamesWithMaps } from './generated/game-maps.mjs';
import { GAME_VIEWER_DTS, gamesWithViewers, gameViewerModule } from './generated/game-viewers.mjs';
import { QUICKJS_GLUE_DTS, QUICKJS_GLUE_ORIGIN, quickjsGlueSource } from './generated/quickjs-glue.mjs';
import { WEB_GAMES_DTS, webGamesModule } from './generated/web-games.mjs';
import { PYTHON_COMPAT_DTS, pythonCompatModule } from './generated/python-compat.mjs';

mkdirSync('build', { recursive: true });
writeFileSync('build/quickjs-glue.cjs', quickjsGlueSource());
writeFileSync('build/quickjs-glue.d.cts', QUICKJS_GLUE_DTS);
console.log(`build/quickjs-glue.cjs: ${QUICKJS_GLUE_ORIGIN.slice(QUICKJS_GLUE_ORIGIN.indexOf('node_modules'))}`);

mkdirSync('build/maps', { recursive: true });
for (const game of gamesWithMaps()) {
  const { source, count } = gameMapsModule(game);
  writeFileSync(`build/maps/${game}.js`, source);
  writeFileSync(`build/maps/${game}.d.ts`, GAME_MAPS_DTS);
  console.log(`build/maps/${game}.js: ${count} maps`);
}

mkdirSync('build/viewers', { recursive: true });
for (const game of gamesWithViewers()) {
  const { source, length } = await gameViewerModule(game);
  writeFileSync(`build/viewers/${game}.js`, source);
  writeFileSync(`build/viewers/${game}.d.ts`, GAME_VIEWER_DTS);
  console.log(`build/viewers/${game}.js: ${length} bytes`);
}

mkdirSync('build/web', { recursive: true });
const web = webGamesModule();
writeFileSync('build/web/games.js', web.source);
writeFileSync('build/web/games.d.ts', WEB_GAMES_DTS);
console.log(`build/web/games.js: ${web.count} games`);

const compat = pythonCompatModule();
writeFileSync('build/python-compat.js', compat.source);
writeFileSync('build/python-compat.d.ts', PYTHON_COMPAT_DTS);
console.log(`build/python-compat.js: ${compat.count} Python compatibility modules`);

await import('./docs-assets.mjs');
