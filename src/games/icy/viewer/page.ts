import viewerSource from '../../../../build/viewers/icy.js';
import { blend, legend } from '../../../viewer/legend.js';
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
import { WHOLE_MATCH_SPEED } from '../../../viewer/speeds.js';
import { BARE_GROUND, DAZED, DOMAIN_ALPHA, OUTCOME, TEAM, TREE_GROUND, snowColor } from './draw.js';

/** Multiples of one turn in 0.7 s, then the whole match (180 turns) in 10 s. */
const SPEEDS = [
  { value: '0.5', label: '0.5×' },
  { value: '1', label: '1×', selected: true },
  { value: '2', label: '2×' },
  { value: '4', label: '4×' },
  { value: '8', label: '8×' },
  WHOLE_MATCH_SPEED,
];

const LEGEND = [
  { color: BARE_GROUND, label: 'bare ground: no snow' },
  { color: snowColor(3, false), label: 'snow: the paler, the deeper (1 to 5)' },
  { color: snowColor(7, false), label: 'snow 6 deep or more: no one crosses it' },
  { color: TREE_GROUND, label: 'tree: blocks moves and throws' },
  { color: blend(TEAM[0], DOMAIN_ALPHA, '#ffffff'), label: "red's domain (tinted red)" },
  { color: blend(TEAM[1], DOMAIN_ALPHA, '#ffffff'), label: "blue's domain (tinted blue)" },
  { color: '#ffffff', label: 'snowballs on the ground, stacked small to large', shape: 'dot' as const },
  { color: TEAM[0], label: 'red snowman: outlined, red head', shape: 'ring' as const, fill: '#ffffff' },
  { color: TEAM[1], label: 'blue snowman: outlined, blue head', shape: 'ring' as const, fill: '#ffffff' },
  { color: TEAM[0], label: 'red child 0 to 3 (white rim: standing; dark: crouching)', shape: 'dot' as const },
  { color: TEAM[1], label: 'blue child 0 to 3', shape: 'dot' as const },
  { color: DAZED, label: 'dazed after a hit', shape: 'glyph' as const, glyph: '?', fill: '#ffffff' },
  {
    color: OUTCOME,
    label: 'its action did not go as asked (see the side panel)',
    shape: 'glyph' as const,
    glyph: '!',
    fill: '#ffffff',
  },
  { color: OUTCOME, label: 'a snowball hits (dashes: its flight)', shape: 'dot' as const },
];

/** The viewer page of an Icy match; `embed` drops everything but the field and the controls. */
export function page(options: ViewerPageOptions): string {
  const key = legend(LEGEND, !options.embed);
  return `${pageHead(`Match ${options.id}`)}
  :root { --red: #b3261e; --blue: #1d4fa8; }
  @media (prefers-color-scheme: dark) { :root { --red: #ff8a80; --blue: #8ab4ff; } }
  header { display: flex; align-items: center; gap: 8px 16px; flex-wrap: wrap; margin-bottom: 8px; }
  .team { display: flex; align-items: baseline; gap: 8px; font-size: 18px; min-width: 0; overflow-wrap: anywhere; }
  .team b { font-size: 26px; } .red { color: var(--red); } .blue { color: var(--blue); }
  .hits { font-size: 12px; color: var(--muted); }
  main { display: flex; gap: 12px; align-items: flex-start; }
  #stage { flex: 1 1 auto; min-width: 0; }
  canvas { display: block; border-radius: 6px; box-shadow: 0 1px 4px rgba(0,0,0,.2); background: #fff; }
  aside { overflow-x: auto; width: 300px; flex: 0 0 300px; background: var(--card); border-radius: 6px; padding: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  body.embed aside { display: none; }
  table { width: 100%; border-collapse: collapse; font-size: 12px; } td { padding: 2px 4px; border-bottom: 1px solid var(--border); white-space: normal; overflow-wrap: anywhere; }
  td:first-child { overflow-wrap: normal; word-break: normal; }
  tr.red td:first-child { color: var(--red); font-weight: 600; } tr.blue td:first-child { color: var(--blue); font-weight: 600; }
  #calls { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 11px; color: var(--muted); margin-top: 6px; }${CONTROLS_CSS}${LOG_PANEL_CSS}${key.css}
  @media (max-width: 800px) { main { flex-direction: column; align-items: stretch; } aside { width: auto; flex: none; } }
</style>
</head>
<body${options.embed ? ' class="embed"' : ''}>
<div id="app">
  <header>
    <span class="team red"><span id="name-red">red</span> <b id="score-red">0</b> <span class="hits">hits <span id="hits-red">0</span></span></span>
    <span class="team blue"><b id="score-blue">0</b> <span id="name-blue">blue</span> <span class="hits">hits <span id="hits-blue">0</span></span></span>
    ${resultSlot()}
  </header>
  <div id="error"></div>
  <main>
    <div id="stage"><canvas id="field" width="620" height="620" role="img" aria-label="the field"></canvas></div>
    <aside class="chrome" aria-label="this turn's actions">
      <table><thead><tr><td>child</td><td>action</td><td>outcome</td></tr></thead><tbody id="moves"></tbody></table>
      <div id="calls"></div>
    </aside>
  </main>
  ${controlBar(options, { speeds: SPEEDS, step: 'turn', extra: '\n    <button id="view" type="button" title="show what one player could see (v)">view: all</button>' })}
  ${key.html}
  ${logPanel(options)}
  <p class="keys chrome">Keys: space play/pause · ← → one turn · Home/End first/last turn · + − speed · v whose view. The address follows the turn: #t=57. The result stays hidden until the last turn unless you press "show result".</p>
</div>
${pageScript(options, viewerSource)}`;
}
