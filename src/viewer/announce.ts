/**
 * The position in words, for a reader who cannot see the field: #status (a
 * polite live region) says it after a step, a seek or a pause, and every few
 * seconds while playing, never every frame; the field's aria-label says it
 * too, kept current while playing (twice a second).
 */

/** While playing, the status speaks at most this often... */
const PLAYING_EVERY_MS = 4000;
/** ...and the field's label follows at most this often. */
const LABEL_EVERY_MS = 500;

export interface Announcer {
  /** Says where the viewer is now. */
  now(): void;
  /** Called each step played: says it when the last saying is old enough. */
  playing(): void;
}

export function startAnnouncer(describe: (() => string) | undefined, field: HTMLElement | undefined): Announcer {
  const status = document.getElementById('status');
  let said = 0;
  let labelled = 0;
  const label = (words: string): void => {
    labelled = performance.now();
    field?.setAttribute('aria-label', words);
  };
  const say = (): void => {
    if (!describe) return;
    const words = describe();
    said = performance.now();
    if (status && status.textContent !== words) status.textContent = words;
    label(words);
  };
  return {
    now: say,
    playing() {
      const now = performance.now();
      if (now - said >= PLAYING_EVERY_MS) say();
      else if (describe && now - labelled >= LABEL_EVERY_MS) label(describe());
    },
  };
}
