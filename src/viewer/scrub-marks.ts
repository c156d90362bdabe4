/**
 * Marks under the scrubber where a seat failed (a timeout, an error, a
 * crash, an invalid move): the failures the logs panel read, so only those
 * its reader may see. Drawn once both the failures and the match's length
 * are known, whichever comes first.
 */

export interface FailureMark {
  readonly seat: string;
  /** null: while loading (drawn at the start). */
  readonly turn: number | null;
  readonly code: string;
}

export interface ScrubMarks {
  failures(list: readonly FailureMark[]): void;
  total(steps: number): void;
}

export function scrubMarks(step = 'turn'): ScrubMarks {
  const box = document.getElementById('marks');
  let list: readonly FailureMark[] | null = null;
  let steps: number | null = null;
  const draw = (): void => {
    if (!box || list === null || steps === null) return;
    box.textContent = '';
    for (const f of list) {
      const at = f.turn ?? 0;
      const mark = document.createElement('span');
      mark.className = 'mark';
      mark.style.left = `${steps > 0 ? (Math.min(at, steps) / steps) * 100 : 0}%`;
      mark.title = `${f.seat}: ${f.code} ${f.turn === null ? 'while loading' : `at ${step} ${f.turn}`}`;
      box.append(mark);
    }
    box.hidden = list.length === 0;
  };
  return {
    failures(l) {
      list = l;
      draw();
    },
    total(n) {
      steps = n;
      draw();
    },
  };
}
