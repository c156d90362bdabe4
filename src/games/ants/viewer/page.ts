import source from '../../../../build/viewers/ants.js';
import { legend } from '../../../viewer/legend.js';
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
import { ANT, CLEAR, FOOD_CARRIED, HILL, MARK, ROCK, foodColor } from './draw.js';

/** Rounds a second (about 1, 10 and 100 a frame), then the whole match (100,000 rounds by default) in 10 s. */
const SPEEDS = [
  { value: '60', label: '60/s' },
  { value: '600', label: '600/s', selected: true },
  { value: '6000', label: '6,000/s' },
  WHOLE_MATCH_SPEED,
];

const LEGEND = [
  { color: CLEAR, label: 'clear cell' },
  { color: ROCK, label: 'rock' },
  { color: HILL[0], label: "red's anthill" },
  { color: HILL[1], label: "black's anthill" },
  { color: foodColor(5), label: 'food: the darker, the more' },
  { color: ANT[0], label: 'red ant', shape: 'dot' as const },
  { color: ANT[1], label: 'black ant', shape: 'dot' as const },
  { color: FOOD_CARRIED, label: 'an ant carrying food (gold dot)', shape: 'ring' as const, fill: FOOD_CARRIED },
  { color: MARK[0], label: "red's markers: a rim on the cell's left half", shape: 'ring' as const, fill: CLEAR },
  { color: MARK[1], label: "black's markers: a rim on its right half", shape: 'ring' as const, fill: CLEAR },
];

/** The viewer page of an ants match: the world re-simulated in the browser from the replay. */
export function page(options: ViewerPageOptions): string {
  const key = legend(LEGEND, !options.embed);
  return `${pageHead(`Ants match ${options.id}`)}
  :root { --red: #b3261e; }
  @media (prefers-color-scheme: dark) { :root { --red: #ff8a80; } }
  header { display: flex; align-items: center; gap: 8px 16px; flex-wrap: wrap; margin-bottom: 8px; }
  .team { display: flex; align-items: baseline; gap: 8px; font-size: 18px; min-width: 0; overflow-wrap: anywhere; }
  .team b { font-size: 26px; } .red { color: var(--red); } .black { color: var(--fg); }
  .note { font-size: 12px; color: var(--muted); }
  canvas { display: block; border-radius: 6px; box-shadow: 0 1px 4px rgba(0,0,0,.2); background: #fff; max-width: 100%; height: auto; }
  #world { background: ${ROCK}; }
  #chart { margin-top: 8px; }${CONTROLS_CSS}${LOG_PANEL_CSS}${key.css}
  #turn { min-width: 120px; }
</style>
</head>
<body${options.embed ? ' class="embed"' : ''}>
<div id="app">
  <header>
    <span class="team red"><span id="name-red">red</span> <b id="score-red">0</b> <span class="note">alive <span id="alive-red">0</span></span></span>
    <span class="team black"><b id="score-black">0</b> <span id="name-black">black</span> <span class="note">alive <span id="alive-black">0</span></span></span>
    ${resultSlot()}
  </header>
  <div id="error"></div>
  <canvas id="world" width="800" height="700" role="img" aria-label="the world"></canvas>
  <canvas id="chart" class="chrome" width="800" height="120" role="img" aria-label="food on each anthill over the match, a line at the round shown"></canvas>
  ${controlBar(options, { step: 'round', speeds: SPEEDS })}
  ${key.html}
  ${logPanel(options)}
  <p class="keys chrome">Keys: space play/pause · ← → one round · Home/End first/last round · + − speed. The address follows the round: #r=5000. The result stays hidden until the last round unless you press "show result".</p>
</div>
${pageScript(options, source)}`;
}
