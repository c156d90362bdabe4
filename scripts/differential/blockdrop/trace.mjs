// One game as both sides are compared: what each seat was sent and what came of it, in one shape
// for the original engine's record and for umpire's match.

/** The command the engine logs for a turn: the one played, or for a fallen player the last one it played. */
export function engineCommands(turns) {
  const last = [0, 1, 2, 3].map(() => 'N');
  return turns.map((t) => {
    if (t.outcome !== 'fallen') last[t.seat] = t.command;
    return last[t.seat];
  });
}

/** The engine's record (Harness play) as a trace. */
export function engineTrace(record) {
  const inputs = [[], [], [], []];
  for (const t of record.turns) inputs[t.seat].push(...t.sent);
  return {
    initial: record.initial.map((s) => s.join(' ')),
    ready: record.handshakes.map((h) => !h.released),
    inputs,
    turns: record.turns.map((t) => ({ seat: t.seat, command: t.command, fell: t.fell })),
    winner: record.winner === -1 ? null : record.winner,
    turnCount: record.turnCount,
  };
}

/** Umpire's match (runMatch's output, the start, the inputs each seat's bot got after its handshake) as a trace. */
export function umpireTrace(match, initial, inputs) {
  const steps = match.replay.turns.map((t) => t.step);
  const commands = engineCommands(steps.map((s) => ({ seat: s.player, command: s.command, outcome: s.outcome })));
  return {
    initial: initial.players.map((p) => `${p.col} ${p.row} ${p.dir}`),
    ready: [0, 1, 2, 3].map((k) => !match.result.forfeits.includes(k)),
    inputs,
    turns: steps.map((s, k) => ({ seat: s.player, command: commands[k], fell: s.fell })),
    winner: match.result.winner,
    turnCount: match.result.turns,
  };
}

/** The first difference between two traces, or null. */
export function firstDifference(engine, umpire) {
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  if (!same(engine.initial, umpire.initial))
    return `start squares: engine ${engine.initial.join(' | ')}, umpire ${umpire.initial.join(' | ')}`;
  if (!same(engine.ready, umpire.ready)) return `handshakes: engine ${engine.ready}, umpire ${umpire.ready}`;
  for (let seat = 0; seat < 4; seat++) {
    const a = engine.inputs[seat];
    const b = umpire.inputs[seat];
    for (let k = 0; k < Math.max(a.length, b.length); k++) {
      if (a[k] !== b[k])
        return `seat ${seat}, input ${k}: engine ${JSON.stringify(a[k])}, umpire ${JSON.stringify(b[k])}`;
    }
  }
  for (let t = 0; t < Math.max(engine.turns.length, umpire.turns.length); t++) {
    if (!same(engine.turns[t], umpire.turns[t]))
      return `turn ${t}: engine ${JSON.stringify(engine.turns[t])}, umpire ${JSON.stringify(umpire.turns[t])}`;
  }
  if (engine.winner !== umpire.winner) return `winner: engine ${engine.winner}, umpire ${umpire.winner}`;
  if (engine.turnCount !== umpire.turnCount) return `turns: engine ${engine.turnCount}, umpire ${umpire.turnCount}`;
  return null;
}
