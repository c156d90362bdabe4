import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MAP, ruleSet } from '../../../src/games/icy/index.js';
import { icyGame } from '../../../src/games/icy/game.js';
import { runMatch } from '../../../src/match/run-match.js';
import { nodeBotLoader } from '../../../src/sandbox/node-sources.js';
import type { Bundle } from '../../../src/sandbox/types.js';

// A JavaScript bot's QuickJS engine (its instance and 16 MiB memory) is kept when the bot is disposed,
// and made equal to the template engine when the next bot of the thread takes it
// (src/sandbox/javascript/engine-pool.ts). Counted here by wrapping WebAssembly.Memory: a match after
// the first makes no new memory for its JavaScript bots, and plays byte for byte as the first did in
// new engines, also after a bot that grew its heap (its engine is not kept: a grown memory would
// start the next bot differently).

const options = { rules: ruleSet('queue2011'), map: DEFAULT_MAP };
const file = (path: string): Bundle => ({ kind: 'js', code: readFileSync(path, 'utf8'), name: path });
const play = (red: Bundle, blue: Bundle) =>
  runMatch({ game: icyGame, options, seed: 9, bots: [red, blue], load: nodeBotLoader });

/** Keeps 4 MB of strings alive, different every turn, then answers idle. */
const HOARDER: Bundle = {
  kind: 'js',
  name: 'hoarder.js',
  code: 'const kept = []; let n = 0;\nexport default function () { kept.push(String(n++).repeat(200_000)); return "idle\\nidle\\nidle\\nidle\\n"; }\n',
};

const Original = WebAssembly.Memory;
let made = 0;
afterEach(() => {
  WebAssembly.Memory = Original;
});
function countMemories(): void {
  made = 0;
  WebAssembly.Memory = class extends Original {
    constructor(descriptor: WebAssembly.MemoryDescriptor) {
      super(descriptor);
      made++;
    }
  } as typeof WebAssembly.Memory;
}

describe('QuickJS memory kept from bot to bot', () => {
  it('a later match makes no new memory for its JavaScript bots, and plays the same', async () => {
    const hunter = file('src/games/icy/bots/hunter.js');
    const planter = file('src/games/icy/bots/planter.js');
    countMemories();
    const first = await play(hunter, planter);
    // Its two bots, and the engine that measures the host's pace for the safety cap on the first long call.
    expect(made).toBeGreaterThanOrEqual(2);
    made = 0;
    const again = await play(hunter, planter);
    expect(made).toBe(0);
    expect(JSON.stringify(again.replay)).toBe(JSON.stringify(first.replay));
    expect(again.result).toEqual(first.result);
    // The hoarder grows its memory: that one is dropped, the hunter's kept.
    await play(HOARDER, hunter);
    made = 0;
    const after = await play(hunter, planter);
    expect(made).toBe(1);
    expect(JSON.stringify(after.replay)).toBe(JSON.stringify(first.replay));
  }, 120_000);
});
