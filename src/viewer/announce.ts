/**
 * The position in words, for a reader who cannot see the field: #status (a
 * polite live region) says it after a step, a seek or a pause, and every few
 * seconds while playing, never every frame; the field's aria-label follows
 * it too.
 */

/** While playing, the status speaks at most this often. */
const PLAYING_EVERY_MS = 4000;

export interface Announcer {
  /** Says where the viewer is now. */
  now(): void;
  /** Called each step played: says it when the last saying is old enough. */
  playing(): void;
}

export function startAnnouncer(describe: (() => string) | undefined, field: HTMLElement | undefined): Announcer {
  const status = document.getElementById('status');
  let said = 0;
  const say = (): void => {
    if (!describe) return;
    const words = describe();
    said = performance.now();
    if (status && status.textContent !== words) status.textContent = words;
    field?.setAttribute('aria-label', words);
  };
  return {
    now: say,
    playing() {
      if (performance.now() - said >= PLAYING_EVERY_MS) say();
    },
  };
}
