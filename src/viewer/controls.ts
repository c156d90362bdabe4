/** What the shared turn controls drive. */
export interface TurnControls {
  go(turn: number): void;
  current(): number;
  total(): number;
  togglePlay(): void;
}

/** The turn in the address (`#t=N`), if any. */
export function hashTurn(): number | null {
  const m = /t=(\d+)/.exec(location.hash);
  return m ? Number(m[1]) : null;
}

/**
 * The buttons (#first #prev #play #next #last), the #scrub range, the keys
 * (arrows, Home/End, space, + and - for #speed) and the address's #t=N.
 */
export function bindTurnControls(c: TurnControls, scrub: HTMLInputElement, speed: HTMLSelectElement): void {
  const button = (id: string, action: () => void) => ((document.getElementById(id) as HTMLElement).onclick = action);
  button('first', () => c.go(0));
  button('prev', () => c.go(c.current() - 1));
  button('next', () => c.go(c.current() + 1));
  button('last', () => c.go(c.total()));
  button('play', () => c.togglePlay());
  scrub.oninput = () => c.go(Number(scrub.value));
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === 'ArrowRight') c.go(c.current() + 1);
    else if (e.key === 'ArrowLeft') c.go(c.current() - 1);
    else if (e.key === 'Home') c.go(0);
    else if (e.key === 'End') c.go(c.total());
    else if (e.key === ' ') c.togglePlay();
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
