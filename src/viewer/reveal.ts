/**
 * The result of the match, hidden until the last turn so that watching it
 * spoils nothing: #result stays empty before then unless the reader presses
 * #reveal ("show result", aria-pressed), a choice this browser remembers.
 */

const STORE = 'umpire.viewer.showResult';

export interface Reveal {
  /**
   * Shows or hides the result for `step` of `last`: at the last step it always shows, unless
   * the match ended before its first (a forfeit at loading), where opening the viewer would
   * show it at once; there it waits for the button too.
   */
  show(step: number, last: number): void;
  /** The result when the reader may see it now ('' otherwise), for the words that describe the position. */
  shown(): string;
}

function remembered(): boolean {
  try {
    return localStorage.getItem(STORE) === '1';
  } catch {
    return false;
  }
}

function remember(on: boolean): void {
  try {
    if (on) localStorage.setItem(STORE, '1');
    else localStorage.removeItem(STORE);
  } catch {
    // Storage refused (private mode, a sandboxed frame): the choice lasts as long as the page.
  }
}

/** `result`: the words of the match's result, e.g. "red wins (score)". */
export function startReveal(result: string, onChange: () => void = () => {}): Reveal {
  const box = document.getElementById('result');
  const button = document.getElementById('reveal');
  let asked = remembered();
  let end = false;
  const paint = (): void => {
    if (box) box.textContent = asked || end ? result : '';
    if (button) {
      button.setAttribute('aria-pressed', String(asked));
      button.textContent = asked ? 'hide result' : 'show result';
      button.hidden = end;
    }
  };
  if (button) {
    button.onclick = () => {
      asked = !asked;
      remember(asked);
      paint();
      onChange();
    };
  }
  return {
    show(step, last) {
      const atEnd = last > 0 && step === last;
      if (atEnd === end && box?.textContent === (asked || end ? result : '')) return;
      end = atEnd;
      paint();
    },
    shown: () => (asked || end ? result : ''),
  };
}
