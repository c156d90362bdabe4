import { startAnnouncer } from './announce.js';
import { stepsPerSecond } from './speeds.js';

/** What the shared turn controls drive. */
export interface TurnControls {
  go(turn: number): void;
  current(): number;
  total(): number;
  /** Each animation frame while playing, with how far (0..1) the next turn is under way; 0 when playing stops. */
  paint?(fraction: number): void;
  /** The position in words (turn, running score, a short summary): the live status and the field's label. */
  describe?(): string;
}

export interface TurnControlOptions {
  /** The address's key: `t` (#t=57, the default) or `r` (#r=5000). */
  readonly hashKey?: string;
  /** Steps a second at a #speed of 1 (default 1: the speeds are steps a second). */
  readonly stepsPerUnit?: number;
  /** The drawing the position describes (its aria-label follows describe). */
  readonly field?: HTMLElement;
}

/** The step in the address (`#t=N`, or `#r=N` with key `r`), if any. */
export function hashTurn(key = 't'): number | null {
  const m = new RegExp(`(?:^#|&)${key}=(\\d+)`).exec(location.hash);
  return m ? Number(m[1]) : null;
}

/**
 * The buttons (#first #prev #play #next #last), the #scrub range, the keys
 * (arrows, Home/End, space, + and - for #speed), the address's #t=N, and
 * playing at #speed. While playing, a slow frame plays more steps in the
 * next one (a frame never draws every step of a long match). A step, a seek
 * or a pause is announced in #status; while playing, every few seconds.
 */
export function bindTurnControls(
  c: TurnControls,
  scrub: HTMLInputElement,
  speed: HTMLSelectElement,
  options: TurnControlOptions = {},
): BoundControls {
  const key = options.hashKey ?? 't';
  const announcer = startAnnouncer(c.describe, options.field);
  const playback = { on: false, last: 0, owed: 0 };
  const playButton = document.getElementById('play') as HTMLElement;
  /** Shows step `t`; the page's data-step and data-steps say where it is (for tests and tools). */
  const show = (t: number): void => {
    c.go(t);
    document.body.dataset.step = String(c.current());
    document.body.dataset.steps = String(c.total());
  };
  /** A move the reader asked for: shown, and announced. */
  const goTo = (t: number): void => {
    show(t);
    announcer.now();
  };
  const frame = (now: number): void => {
    if (!playback.on) return;
    playback.owed += ((now - playback.last) * stepsPerSecond(speed.value, c.total(), options.stepsPerUnit)) / 1000;
    playback.last = now;
    const steps = Math.floor(playback.owed);
    playback.owed -= steps;
    if (steps > 0) {
      show(c.current() + steps);
      announcer.playing();
    }
    if (c.current() >= c.total()) return setPlaying(false);
    c.paint?.(playback.owed);
    requestAnimationFrame(frame);
  };
  const setPlaying = (on: boolean): void => {
    if (on && c.current() >= c.total()) show(0);
    playback.on = on;
    playback.owed = 0;
    playback.last = performance.now();
    playButton.textContent = on ? '❚❚' : '▶';
    playButton.setAttribute('aria-label', on ? 'pause' : 'play');
    document.body.dataset.playing = String(on);
    if (on) requestAnimationFrame(frame);
    else {
      c.paint?.(0);
      announcer.now();
    }
  };
  const togglePlay = () => setPlaying(!playback.on);
  document.body.dataset.playing = 'false';
  const button = (id: string, action: () => void) => ((document.getElementById(id) as HTMLElement).onclick = action);
  button('first', () => goTo(0));
  button('prev', () => goTo(c.current() - 1));
  button('next', () => goTo(c.current() + 1));
  button('last', () => goTo(c.total()));
  button('play', togglePlay);
  scrub.oninput = () => goTo(Number(scrub.value));
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'ArrowRight') goTo(c.current() + 1);
    else if (e.key === 'ArrowLeft') goTo(c.current() - 1);
    else if (e.key === 'Home') goTo(0);
    else if (e.key === 'End') goTo(c.total());
    else if (e.key === ' ' && !(e.target instanceof HTMLButtonElement)) togglePlay();
    else if (e.key === '+' && speed.selectedIndex < speed.options.length - 1) speed.selectedIndex++;
    else if (e.key === '-' && speed.selectedIndex > 0) speed.selectedIndex--;
    else return;
    e.preventDefault();
  });
  window.addEventListener('hashchange', () => {
    const t = hashTurn(key);
    if (t !== null && t !== c.current()) goTo(t);
  });
  return { show: goTo, announce: announcer.now };
}

export interface BoundControls {
  /** Shows a step as the reader's own move (announced). */
  show(turn: number): void;
  /** Says the position again (e.g. once the result is shown or hidden). */
  announce(): void;
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
