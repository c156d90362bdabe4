import source from '../../../../build/viewers/blockdrop.js';
import { legend } from '../../../viewer/legend.js';
import { WHOLE_MATCH_SPEED } from '../../../viewer/speeds.js';
import {
  CONTROLS_CSS,
  LOG_PANEL_CSS,
  controlBar,
  logPanel,
  pageHead,
  pageScript,
  resultSlot,
  type ViewerPageOptions,
} from '../../../viewer/page-parts.js';
import { CURRENT, DROPPED, LONGEST, PLAYER_COLORS as COLORS, STABLE, warmth } from './draw.js';

/** Turns a second, then the whole match in 10 s, however long it is. */
const SPEEDS = [
  { value: '2', label: '2/s' },
  { value: '4', label: '4/s' },
  { value: '10', label: '10/s', selected: true },
  { value: '30', label: '30/s' },
  WHOLE_MATCH_SPEED,
];

const LEGEND = [
  ...COLORS.map((color, k) => ({
    color,
    label: `player ${k}${k === 0 ? ', the triangle points the way it faces' : ''}`,
    shape: 'dot' as const,
  })),
  { color: CURRENT, label: 'ringed: the player whose turn is next', shape: 'ring' as const, fill: COLORS[0]! },
  { color: STABLE, label: 'a block that holds' },
  { color: warmth(LONGEST), label: 'attacked: drops when its countdown ends…' },
  { color: warmth(1), label: '…yellow to red as it nears 0' },
  { color: DROPPED, label: 'dropped: back after the turns shown (↻)' },
  {
    color: '#ffffff',
    label: 'white arc on a player: turns it sits out after attacking',
    shape: 'ring' as const,
    fill: COLORS[3]!,
  },
];

/** The viewer page of a block-drop match: every turn rebuilt in the browser from the replay. */
export function page(options: ViewerPageOptions): string {
  const players = COLORS.map(
    (_, k) =>
      `<span class="player p${k}" id="player-${k}"><i></i><b>${k}</b> <span id="name-${k}">player ${k}</span> <span class="note" id="status-${k}">standing</span></span>`,
  ).join('\n    ');
  const key = legend(LEGEND, !options.embed);
  return `${pageHead(`Block drop match ${options.id}`)}
  header { display: flex; align-items: center; gap: 16px; flex-wrap: wrap; margin-bottom: 8px; }
  .player { display: flex; align-items: baseline; gap: 6px; font-size: 16px; }
  .player i { display: inline-block; width: 12px; height: 12px; border-radius: 50%; align-self: center; }
  .player.fallen { opacity: .55; }
  ${COLORS.map((c, k) => `.p${k} i { background: ${c}; } .p${k} b, tr.p${k} td:nth-child(2) { color: var(--p${k}); }`).join('\n  ')}
  :root { ${COLORS.map((c, k) => `--p${k}: ${c};`).join(' ')} }
  @media (prefers-color-scheme: dark) { :root { --p0: #8ab4ff; --p1: #7bd88f; --p2: #d7a6ff; --p3: #b0bec5; } }
  .note { font-size: 12px; color: var(--muted); }
  main { display: flex; gap: 12px; align-items: flex-start; }
  canvas { display: block; border-radius: 6px; box-shadow: 0 1px 4px rgba(0,0,0,.2); background: #fff; max-width: 100%; height: auto; }
  aside { overflow-x: auto; flex: 1 1 300px; min-width: 0; background: var(--card); border-radius: 6px; padding: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  table { width: 100%; border-collapse: collapse; font-size: 12px; } td { padding: 2px 4px; border-bottom: 1px solid var(--border); vertical-align: top; white-space: normal; overflow-wrap: anywhere; }
  tr.current { background: color-mix(in srgb, var(--focus) 30%, transparent); font-weight: 600; }${CONTROLS_CSS}${LOG_PANEL_CSS}${key.css}
  @media (max-width: 900px) { main { flex-direction: column; align-items: stretch; } aside { width: auto; flex: none; } }
</style>
</head>
<body${options.embed ? ' class="embed"' : ''}>
<div id="app">
  <header>
    ${players}
    ${resultSlot()}
  </header>
  <div id="error"></div>
  <main>
    <canvas id="board" width="648" height="648" role="img" aria-label="the board"></canvas>
    <aside class="chrome" aria-label="the turns played">
      <table><thead><tr><td>turn</td><td>player</td><td>command</td><td>outcome</td><td></td></tr></thead><tbody id="moves"></tbody></table>
      <p class="note">The highlighted turn is played next on the board shown (its player is ringed).</p>
    </aside>
  </main>
  ${controlBar(options, { step: 'turn', speeds: SPEEDS })}
  ${key.html}
  ${logPanel(options)}
  <p class="keys chrome">Keys: space play/pause · ← → one turn · Home/End first/last turn · + − speed. The address follows the turn: #t=40. A block about to drop shows its countdown, a dropped one (dark) the turns until it is back. The result stays hidden until the last turn unless you press "show result".</p>
</div>
${pageScript(options, source)}`;
}
