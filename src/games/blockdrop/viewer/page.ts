import source from '../../../../build/viewers/blockdrop.js';
import {
  CONTROLS_CSS,
  LOG_PANEL_CSS,
  controlBar,
  logPanel,
  pageHead,
  pageScript,
  type ViewerPageOptions,
} from '../../../viewer/page-parts.js';
import { PLAYER_COLORS as COLORS } from './draw.js';

const SPEEDS = [
  { value: '4', label: '4/s' },
  { value: '10', label: '10/s', selected: true },
  { value: '30', label: '30/s' },
  { value: '100', label: '100/s' },
];

/** The viewer page of a block-drop match: every turn rebuilt in the browser from the replay. */
export function page(options: ViewerPageOptions): string {
  const players = COLORS.map(
    (_, k) =>
      `<span class="player p${k}" id="player-${k}"><i></i><b>${k}</b> <span id="name-${k}">player ${k}</span> <span class="note" id="status-${k}">standing</span></span>`,
  ).join('\n    ');
  return `${pageHead(`Block drop match ${options.id}`)}
  header { display: flex; align-items: center; gap: 16px; flex-wrap: wrap; margin-bottom: 8px; }
  .player { display: flex; align-items: baseline; gap: 6px; font-size: 16px; }
  .player i { display: inline-block; width: 12px; height: 12px; border-radius: 50%; align-self: center; }
  .player.fallen { opacity: .55; }
  ${COLORS.map((c, k) => `.p${k} i { background: ${c}; } .p${k} b, tr.p${k} td:nth-child(2) { color: ${c}; }`).join('\n  ')}
  .note { font-size: 12px; color: var(--muted); }
  #result { margin-left: auto; font-weight: 600; }
  main { display: flex; gap: 12px; align-items: flex-start; }
  canvas { display: block; border-radius: 6px; box-shadow: 0 1px 4px rgba(0,0,0,.2); background: #fff; max-width: 100%; }
  aside { flex: 1 1 300px; background: var(--card); border-radius: 6px; padding: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  table { width: 100%; border-collapse: collapse; font-size: 12px; } td { padding: 2px 4px; border-bottom: 1px solid var(--border); vertical-align: top; }
  tr.current { background: color-mix(in srgb, var(--focus) 30%, transparent); font-weight: 600; }${CONTROLS_CSS}${LOG_PANEL_CSS}
  @media (max-width: 900px) { main { flex-direction: column; } aside { width: auto; flex: none; } }
</style>
</head>
<body${options.embed ? ' class="embed"' : ''}>
<div id="app">
  <header>
    ${players}
    <span id="result"></span>
  </header>
  <div id="error"></div>
  <main>
    <canvas id="board" width="648" height="648" aria-label="the board"></canvas>
    <aside class="chrome">
      <table><thead><tr><td>turn</td><td>player</td><td>command</td><td>outcome</td><td></td></tr></thead><tbody id="moves"></tbody></table>
      <p class="note">The highlighted turn is played next on the board shown (its player is ringed).</p>
    </aside>
  </main>
  ${controlBar(options, { step: 'turn', speeds: SPEEDS })}
  ${logPanel(options)}
  <p class="keys chrome">Keys: space play/pause · ← → one turn · Home/End · + − speed. The address follows the turn: #t=40. A block about to drop shows its countdown, a dropped one (dark) the turns until it is back; the white arc on a player: the turns it still sits out after its attack.</p>
</div>
${pageScript(options, source)}`;
}
