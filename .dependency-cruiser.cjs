// The layers of umpire, checked by dependency-cruiser (`npm run lint:layers`, run by .ci/run).
// test/layers.test.ts proves on a small made-up tree that every rule here bites.
//
// Layers, bottom to top; a file may import its own layer's folder and the layers below,
// never one above:
//   0  src/core, src/version.ts, src/types          what every layer shares
//   1  src/ratings, src/viewer (the shared viewer kit), src/games/<g>/ (one folder per game)
//   2  src/games/registry.ts, src/games/catalog.ts  (list the game folders); src/sandbox;
//      src/store/contract  every storage contract (the stores, what they hold, StoreError);
//      src/local-aws       local S3 and DynamoDB servers (Node only), for the embedded backend
//   3  src/match         plays, stores and verifies any game through the registry
//   4  src/leaderboard
//   5  src/store         the storage backends, one folder each (src/store/<backend>/), their
//                      registries and the factory that opens the one the settings choose
//   6  src/web         the web pages: they read and write through the API (handed to them), so
//                      they import no store, match or leaderboard code; src/api mounts them
//   6  src/api
//   7  src/runtimes     the runtime kits: one folder per runtime (node/, lambda/, workers/) holding
//                      or assembling its loader, runner, queue, webhook transport and storage choice;
//                      the shared setup (assemble.ts) and job loop (job-loop.ts) beside them
//   8  src/cli         (its tournament uses the Node kit's local queue)
//   9  functions/        the Node, Lambda and Workers entries, outside src: one short file each
//
// Each import that breaks a layer is reported under exactly one rule (the rules do not overlap),
// so a rule's name says what to fix.

/** Layer 0: shared by every layer. */
const LAYER0 = ['^src/core/', '^src/version[.]ts$', '^src/types/'];
/** An npm package, resolved (or the made-up ones of test/layers.test.ts). */
const NPM = '(^|/)node_modules/';
/** The storage contracts, below every user of them. */
const STORE_CONTRACT = '^src/store/contract/';
/** Concrete storage: the backends of src/store (everything but its contract) and the local servers. */
const CONCRETE_STORE = { path: '^src/(store|local-aws)/', pathNot: STORE_CONTRACT };

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Import cycles make load order matter (a module can see another half-initialised) and make a ' +
        'folder impossible to understand or move alone. Break the cycle: move what both need down a layer.',
      from: { path: '^(src|functions)/' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'An import that cannot be resolved escapes every other rule here (they look at where an import ' +
        'goes). Fix the path, or build first: imports of build/ need `npm run build`.',
      from: { path: '^(src|functions)/' },
      to: { couldNotResolve: true },
    },
    {
      name: 'not-in-a-layer',
      severity: 'error',
      comment:
        'Every file in src/ belongs to one of the layers listed at the top of .dependency-cruiser.cjs, ' +
        'otherwise no rule watches what it imports. Put the file in a layer, or add its folder to the ' +
        'list and give it a rule.',
      from: {
        path: '^src/',
        pathNot: [
          ...LAYER0,
          '^src/(ratings|viewer|sandbox|match|leaderboard|store|local-aws|web|api|runtimes|cli)/',
          '^src/games/[^/]+/',
          '^src/games/(registry|catalog)[.]ts$',
        ],
      },
      to: {},
    },
    {
      name: 'core-imports-only-core',
      severity: 'error',
      comment:
        'src/core is the bottom layer: the contracts (Game, GameModule, bots, errors) every other layer ' +
        'shares. If it imported anything else in src, every layer would depend on that too.',
      from: { path: '^src/core/' },
      to: { path: '^src/', pathNot: '^src/core/' },
    },
    {
      name: 'layer0-imports-only-layer0',
      severity: 'error',
      comment: 'src/version.ts and src/types are layer 0 with src/core: they import nothing above it.',
      from: { path: ['^src/version[.]ts$', '^src/types/'] },
      to: { path: '^src/', pathNot: LAYER0 },
    },
    {
      name: 'game-rules-import-only-core-and-own-folder',
      severity: 'error',
      comment:
        'A game is one folder: its rules, protocol, replay format and module use only src/core, their own ' +
        'folder src/games/<g>/, their generated maps build/maps/<g>.js and npm packages. So a game can be ' +
        'added, moved or removed as a folder, and its rules run the same in Node, Lambda and Workers ' +
        '(no Node built-ins, no sandbox, match, store or HTTP code, no other game).',
      from: { path: '^src/games/([^/]+)/', pathNot: '^src/games/[^/]+/viewer/' },
      to: {
        couldNotResolve: false,
        pathNot: ['^src/core/', '^src/version[.]ts$', '^src/games/$1/', '^build/maps/$1[.](js|d[.]ts)$', NPM],
      },
    },
    {
      name: 'game-viewer-imports-only-core-own-game-and-viewer-kit',
      severity: 'error',
      comment:
        "A game's viewer (src/games/<g>/viewer/) is browser code: besides what the game's rules may use " +
        'it may use the shared viewer kit src/viewer and its own bundle build/viewers/<g>.js, and nothing ' +
        'of another game or of the server.',
      from: { path: '^src/games/([^/]+)/viewer/' },
      to: {
        couldNotResolve: false,
        pathNot: [
          '^src/core/',
          '^src/games/$1/',
          '^src/viewer/',
          '^build/maps/$1[.](js|d[.]ts)$',
          '^build/viewers/$1[.](js|d[.]ts)$',
          NPM,
        ],
      },
    },
    {
      name: 'ratings-imports-only-layer0',
      severity: 'error',
      comment: 'src/ratings (layer 1) rates any game: it knows no game, match, store or HTTP code.',
      from: { path: '^src/ratings/' },
      to: { path: '^src/', pathNot: [...LAYER0, '^src/ratings/'] },
    },
    {
      name: 'viewer-kit-knows-no-game',
      severity: 'error',
      comment:
        'src/viewer is the shared viewer kit (layer 1): controls, page parts, drawing helpers that every ' +
        "game's viewer uses. It names no game (each game's viewer lives in src/games/<g>/viewer/ and " +
        'imports the kit, not the other way round) and no server code.',
      from: { path: '^src/viewer/' },
      to: { path: '^src/', pathNot: [...LAYER0, '^src/viewer/'] },
    },
    {
      name: 'registry-imports-only-games-and-below',
      severity: 'error',
      comment:
        'src/games/registry.ts and catalog.ts (layer 2) list the game folders; they must not reach up into ' +
        'the sandbox, match, leaderboard, store, API or CLI that use them.',
      from: { path: '^src/games/(registry|catalog)[.]ts$' },
      to: { path: '^src/', pathNot: [...LAYER0, '^src/(ratings|viewer|games)/'] },
    },
    {
      name: 'sandbox-imports-only-core',
      severity: 'error',
      comment:
        'src/sandbox (layer 2) runs any bot under fuel limits; it knows no game, match, store, ' +
        'leaderboard, API or CLI, so it can be audited and reused alone.',
      from: { path: '^src/sandbox/' },
      to: { path: '^src/', pathNot: [...LAYER0, '^src/sandbox/'] },
    },
    {
      name: 'store-contract-imports-only-ratings-and-core',
      severity: 'error',
      comment:
        'src/store/contract (layer 2) declares every storage contract: the stores, what they hold, ' +
        'StoreError. The match runner, the leaderboard and the API use storage through it, so it sits ' +
        'below them all and imports only src/core and the rating types: no backend, no leaderboard, no match.',
      from: { path: STORE_CONTRACT },
      to: { path: '^src/', pathNot: [...LAYER0, '^src/ratings/', STORE_CONTRACT] },
    },
    {
      name: 'local-aws-imports-only-core',
      severity: 'error',
      comment:
        'src/local-aws (layer 2) hosts local S3 and DynamoDB servers (SigV4 checks, dynalite, s3rver) for ' +
        'the embedded backend. It knows no store, no contract and nothing above: it is an emulator, ' +
        'which any backend talking the real protocols can use.',
      from: { path: '^src/local-aws/' },
      to: { path: '^src/', pathNot: [...LAYER0, '^src/local-aws/'] },
    },
    {
      name: 'match-imports-only-games-sandbox-and-core',
      severity: 'error',
      comment:
        'src/match (layer 3) plays, stores and verifies any game: it uses src/core, the registry and the ' +
        'game folders, the sandbox, and storage only through src/store/contract (see no-concrete-store, ' +
        'which judges every import of storage). Never the leaderboard, API or CLI that call it.',
      from: { path: '^src/match/' },
      to: { path: '^src/', pathNot: [...LAYER0, '^src/(games|sandbox|match|store|local-aws)/'] },
    },
    {
      name: 'leaderboard-imports-only-below',
      severity: 'error',
      comment:
        'src/leaderboard (layer 4) schedules and rates rounds: it uses src/core, ratings, the games, ' +
        'src/match (to play and store a match) and storage only through src/store/contract ' +
        '(see no-concrete-store). Never the API or CLI: the HTTP layer calls it, not the reverse.',
      from: { path: '^src/leaderboard/' },
      to: { path: '^src/', pathNot: [...LAYER0, '^src/(ratings|games|match|leaderboard|store|local-aws)/'] },
    },
    {
      name: 'no-concrete-store',
      severity: 'error',
      comment:
        'The API, the leaderboard and the match runner are handed their stores (src/store/contract) and ' +
        'import no backend (src/store/<backend>/, the registries, the factory) and no local server ' +
        '(src/local-aws): so they run on any storage, and Workers do not bundle Node-only code. ' +
        'Shared helpers belong in src/core; a type the stores hold belongs in src/store/contract.',
      from: { path: '^src/(api|leaderboard|match)/' },
      to: CONCRETE_STORE,
    },
    {
      name: 'store-imports-only-below',
      severity: 'error',
      comment:
        'src/store (layer 5) holds the backends: they implement src/store/contract, and use src/core, ' +
        'ratings and the local servers of src/local-aws. Never the match runner, leaderboard, API or CLI ' +
        'above them: what a store needs of those belongs in the contract.',
      from: { path: '^src/store/', pathNot: STORE_CONTRACT },
      to: { path: '^src/', pathNot: [...LAYER0, '^src/(ratings|store|local-aws)/'] },
    },
    {
      name: 'portable-store-needs-no-local-servers',
      severity: 'error',
      comment:
        'The portable backends (src/store/aws, src/store/memory) and their registry src/store/registry.ts ' +
        'run on Lambda and Workers too: they never import the Node-only local servers (src/local-aws) or ' +
        'the embedded backend that starts them (src/store/embedded, listed in src/store/registry-node.ts).',
      from: {
        path: ['^src/store/(aws|memory)/', '^src/store/(registry|factory|backend|config-error|cursor-text)[.]ts$'],
      },
      to: { path: ['^src/local-aws/', '^src/store/embedded/', '^src/store/registry-node[.]ts$'] },
    },
    {
      name: 'entries-open-stores-through-the-factory',
      severity: 'error',
      comment:
        'The runtime kits (src/runtimes), their entries (functions/) and the CLI open their storage with ' +
        'src/store/factory.ts over a registry, so the settings (STORE, S3_BUCKET...) choose the backend; ' +
        'they import no backend folder and no local server.',
      from: { path: ['^functions/', '^src/runtimes/', '^src/cli/'] },
      to: { path: ['^src/store/(aws|memory|embedded)/', '^src/local-aws/'] },
    },
    {
      name: 'shared-kit-knows-no-runtime',
      severity: 'error',
      comment:
        'The shared parts of src/runtimes (the kit contract, the setup, the job loop: the files at its top) ' +
        'serve every runtime, so they name none: a runtime is added as one folder, and Workers bundle no ' +
        "Node runtime's code through them.",
      from: { path: '^src/runtimes/[^/]+$' },
      to: { path: '^src/runtimes/[^/]+/' },
    },
    {
      name: 'workers-runtime-needs-no-node',
      severity: 'error',
      comment:
        'The Workers kit (src/runtimes/workers) runs where there are no threads and no Node built-ins: it ' +
        'uses no other runtime folder, no worker-thread pool (src/match/pool) and no Node-only storage ' +
        '(src/store/registry-node.ts, whose embedded backend starts local servers).',
      from: { path: '^src/runtimes/workers/' },
      to: { path: ['^src/runtimes/(?!workers/)[^/]+/', '^src/match/pool/', '^src/store/registry-node[.]ts$'] },
    },
    {
      name: 'web-imports-only-games-viewer-and-core',
      severity: 'error',
      comment:
        'src/web (the pages) shows what the API gives: it calls the API it is handed and uses the game ' +
        'registry, the viewer kit (the shared stylesheet) and src/core, never storage, matches or ' +
        'leaderboards directly, so no page can show more than the API allows.',
      from: { path: '^src/web/' },
      to: { path: '^src/', pathNot: [...LAYER0, '^src/(games|viewer|web)/'] },
    },
    {
      name: 'api-imports-nothing-above',
      severity: 'error',
      comment:
        'src/api (layer 6) is the HTTP layer: the runtime kits (layer 7) and the CLI (layer 8) use it, not the reverse.',
      from: { path: '^src/api/' },
      to: { path: '^src/(runtimes|cli)/' },
    },
    {
      name: 'runtimes-import-nothing-above',
      severity: 'error',
      comment:
        'src/runtimes (layer 7) assembles the layers below it into runtimes; the CLI (layer 8) may use a kit, not the reverse.',
      from: { path: '^src/runtimes/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'src-never-imports-functions',
      severity: 'error',
      comment:
        'functions/ (layer 9) are the runtime entries (Node, Lambda, Workers), each handing its kit ' +
        '(src/runtimes) what only an entry knows (its own URL, its bundled files); nothing in src depends on an entry.',
      // Game folders are left to their own allow-list rules above, so an import is reported once.
      from: { path: '^src/', pathNot: '^src/games/[^/]+/' },
      to: { path: '^functions/' },
    },
  ],
  options: {
    // Type-only imports count: a layer that needs another's types depends on it all the same.
    tsPreCompilationDeps: true,
    // Resolve like tsc does (NodeNext: `./x.js` in an import is the source file `./x.ts`).
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
      // npm packages through their package.json "exports" (hono/aws-lambda), as Node resolves them.
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    doNotFollow: { path: ['node_modules', '^build/'] },
    // A game's example bots (src/games/<g>/bots/) are programs the sandbox runs, not service code.
    exclude: { path: ['^test/', '^scratch/', '^dist/', '^src/games/[^/]+/bots/'] },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
