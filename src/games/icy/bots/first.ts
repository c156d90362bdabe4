// A first Icy Projectile bot: each child stands up and runs toward the middle of the field.
// The input: the turn, the two scores, 31 lines of the field, then 8 lines of children (yours first).
export default function act(state: string): string {
  const lines = state.split('\n');
  const moves: string[] = [];
  for (let k = 0; k < 4; k++) {
    // Your child k is on line 33 + k: "x y stance holding dazed", stance S (standing) or C (crouching).
    const [x, y, stance] = lines[33 + k]!.split(' ') as [string, string, string];
    const dx = Math.sign(15 - Number(x));
    const dy = Math.sign(15 - Number(y));
    if (stance === 'C') moves.push('stand');
    else if (dx === 0 && dy === 0) moves.push('idle');
    else moves.push(`run ${Number(x) + dx} ${Number(y) + dy}`);
  }
  // One line per child, in order.
  return `${moves.join('\n')}\n`;
}
