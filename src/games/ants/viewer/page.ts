import source from '../../../../build/viewers/ants.js';
import { CONTROLS_CSS, controlBar, pageHead, pageScript, type ViewerPageOptions } from '../../../viewer/page-parts.js';

/** The viewer page of an ants match: the world re-simulated in the browser from the replay. */
export function page(options: ViewerPageOptions): string {
  return `${pageHead(`Ants match ${options.id}`)}
  header { display: flex; align-items: center; gap: 16px; flex-wrap: wrap; margin-bottom: 8px; }
  .team { display: flex; align-items: baseline; gap: 8px; font-size: 18px; }
  .team b { font-size: 26px; } .red { color: #b3261e; } .black { color: var(--fg); }
  .note { font-size: 12px; color: var(--muted); }
  #result { margin-left: auto; font-weight: 600; }
  canvas { display: block; border-radius: 6px; box-shadow: 0 1px 4px rgba(0,0,0,.2); background: #fff; max-width: 100%; }
  #chart { margin-top: 8px; }${CONTROLS_CSS}
  #turn { min-width: 120px; }
</style>
</head>
<body${options.embed ? ' class="embed"' : ''}>
<div id="app">
  <header>
    <span class="team red"><span id="name-red">red</span> <b id="score-red">0</b> <span class="note">alive <span id="alive-red">0</span></span></span>
    <span class="team black"><b id="score-black">0</b> <span id="name-black">black</span> <span class="note">alive <span id="alive-black">0</span></span></span>
    <span id="result"></span>
  </header>
  <div id="error"></div>
  <canvas id="world" width="800" height="700" aria-label="the world"></canvas>
  <canvas id="chart" class="chrome" width="800" height="120" aria-label="food on each anthill over time"></canvas>
  ${controlBar(options, {
    step: 'round',
    speeds: [
      { value: '1', label: '1' },
      { value: '10', label: '10', selected: true },
      { value: '100', label: '100' },
      { value: '1000', label: '1000' },
    ],
  })}
  <p class="keys chrome">Keys: space play/pause · ← → one round · Home/End · + − speed (rounds per frame). The address follows the round: #r=5000. Markers: a red or grey rim; an ant carrying food has a gold dot.</p>
</div>
${pageScript(options, source)}`;
}
