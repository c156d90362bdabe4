/** What the shared turn controls drive. */
export interface TurnControls {
  go(turn: number): void;
  current(): number;
  total(): number;
  /** Each animation frame while playing, with how far (0..1) the next turn is under way; 0 when playing stops. */
  paint?(fraction: number): void;
}

/** The turn in the address (`#t=N`), if any. */
export function hashTurn(): number | null {
  const m = /t=(\d+)/.exec(location.hash);
  return m ? Number(m[1]) : null;
}

/**
 * The buttons (#first #prev #play #next #last), the #scrub range, the keys
 * (arrows, Home/End, space, + and - for #speed), the address's #t=N, and
 * playing at #speed turns a second.
 */
export function bindTurnControls(c: TurnControls, scrub: HTMLInputElement, speed: HTMLSelectElement): void {
  const playback = { on: false, last: 0, owed: 0 };
  const frame = (now: number): void => {
    if (!playback.on) return;
    playback.owed += ((now - playback.last) * Number(speed.value)) / 1000;
    playback.last = now;
    const steps = Math.floor(playback.owed);
    playback.owed -= steps;
    if (steps > 0) c.go(c.current() + steps);
    if (c.current() >= c.total()) return setPlaying(false);
    c.paint?.(playback.owed);
    requestAnimationFrame(frame);
  };
  const setPlaying = (on: boolean): void => {
    if (on && c.current() >= c.total()) c.go(0);
    playback.on = on;
    playback.owed = 0;
    playback.last = performance.now();
    (document.getElementById('play') as HTMLElement).textContent = on ? '❚❚' : '▶';
    if (on) requestAnimationFrame(frame);
    else c.paint?.(0);
  };
  const togglePlay = () => setPlaying(!playback.on);
  const button = (id: string, action: () => void) => ((document.getElementById(id) as HTMLElement).onclick = action);
  button('first', () => c.go(0));
  button('prev', () => c.go(c.current() - 1));
  button('next', () => c.go(c.current() + 1));
  button('last', () => c.go(c.total()));
  button('play', togglePlay);
  scrub.oninput = () => c.go(Number(scrub.value));
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === 'ArrowRight') c.go(c.current() + 1);
    else if (e.key === 'ArrowLeft') c.go(c.current() - 1);
    else if (e.key === 'Home') c.go(0);
    else if (e.key === 'End') c.go(c.total());
    else if (e.key === ' ') togglePlay();
    else if (e.key === '+' && speed.selectedIndex < speed.options.length - 1) speed.selectedIndex++;
    else if (e.key === '-' && speed.selectedIndex > 0) speed.selectedIndex--;
    else return;
    e.preventDefault();
  });
  window.addEventListener('hashchange', () => {
    const t = hashTurn();
    if (t !== null && t !== c.current()) c.go(t);
  });
}

/** An element of the viewer page by id. */
export const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** What every viewer page hands its script in #config (see page-parts.ts viewerConfig). */
export interface ViewerConfig {
  readonly replayUrl: string;
  /** The match's seats with their logs, to a reader who may read them (src/viewer/log-panel.ts); absent: no panel. */
  readonly logs?: { readonly seatsUrl: string; readonly keyNeeded: boolean };
  readonly embed: boolean;
}

/** The page's #config. */
export function readViewerConfig(): ViewerConfig {
  return JSON.parse($('config').textContent ?? '{}') as ViewerConfig;
}

/** Shows why the viewer cannot go on, and marks the page as failed (tests wait for `data-ready`). */
export function fail(message: string): void {
  $('error').textContent = message;
  document.body.dataset.ready = 'error';
}

/**
 * The replay at `url`, checked against the game's replay format when it has
 * one; null once the reason it cannot be shown is on the page (see fail).
 */
export async function loadReplay<T>(
  url: string,
  expected?: { readonly format: string; readonly what: string },
): Promise<T | null> {
  const response = await fetch(url);
  if (!response.ok) {
    fail(`the replay could not be loaded (HTTP ${response.status})`);
    return null;
  }
  const replay = (await response.json()) as T;
  const format = (replay as { format?: unknown }).format;
  if (expected && format !== expected.format) {
    fail(`not a ${expected.what} replay: ${String(format)}`);
    return null;
  }
  return replay;
}
