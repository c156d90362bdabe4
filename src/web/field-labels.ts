/** Names of record fields as a player reads them: known ones by hand, any other split from camelCase. */
const LABELS: Readonly<Record<string, string>> = {
  total: 'Total',
  hits: 'Hits',
  hitScores: 'Hit scores',
  domainSum: 'Domain sum',
  domainSums: 'Domain sums',
  pucks: 'Pucks',
  ownership: 'Ownership',
  food: 'Food',
  alive: 'Ants alive',
  carried: 'Food carried',
  fellAt: 'Fell at turn',
  nullMoves: 'Null moves',
  timeouts: 'Time-outs',
  errors: 'Errors',
  crashes: 'Crashes',
  invalid: 'Invalid moves',
  score: 'Score',
};

/** "domainSums" → "Domain sums"; "hp_left" → "Hp left"; known names as listed above. */
export function fieldLabel(key: string): string {
  if (Object.hasOwn(LABELS, key)) return LABELS[key]!;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

/** A seat's name as a reader says it: "red" → "Red", a player's index 2 → "Player 2". */
export function seatLabel(seat: string): string {
  if (/^\d+$/.test(seat)) return `Player ${seat}`;
  return seat ? seat[0]!.toUpperCase() + seat.slice(1) : seat;
}
