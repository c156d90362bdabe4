import { UmpireError } from '../../../core/errors.js';
import type { GameCommandIo } from '../../../core/game-commands.js';
import { historyToReplay } from '../replay-import.js';
import { replayToHistory, type IcyReplay } from '../replay.js';
import { ReplaySchema } from '../replay-schema.js';
import { rulesOption } from './rules-option.js';
import { REPLAY_USAGE, usageError } from './usage.js';

/** `umpire replay`: converts between replays (format v1) and the original turn-history format. */
export function replayCommand(argv: readonly string[], io: GameCommandIo): number {
  const [sub, ...rest] = argv;
  if (sub === 'export') {
    const { values, positionals } = io.parseArgs(rest, { turns: { type: 'boolean' } });
    if (!values.turns || positionals.length !== 2) throw usageError(`usage: ${REPLAY_USAGE}`);
    const [input, output] = positionals as [string, string];
    const replay = readReplay(io, input);
    io.write(output, replayToHistory(replay));
    io.out(`${output}: ${replay.turns.length + 1} states`);
    return 0;
  }
  if (sub === 'import') {
    const { values, positionals } = io.parseArgs(rest, { rules: { type: 'string' } });
    if (positionals.length !== 2) throw usageError(`usage: ${REPLAY_USAGE}`);
    const [input, output] = positionals as [string, string];
    const replay = historyToReplay(io.read(input, 'TURNS_UNREADABLE'), rulesOption(values.rules as string | undefined));
    if (!replay.ok) {
      const problem = replay.problems[0]!;
      throw new UmpireError({ code: problem.code, message: `${input}: ${problem.message}` });
    }
    const gz = io.gzip(JSON.stringify(replay.value));
    io.write(output, gz);
    io.out(`${output}: ${replay.value.turns.length} turns, ${gz.length} bytes gzipped`);
    return 0;
  }
  throw usageError(`usage: ${REPLAY_USAGE}`);
}

function readReplay(io: GameCommandIo, path: string): IcyReplay {
  const text = new TextDecoder().decode(io.read(path, 'REPLAY_UNREADABLE'));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UmpireError({ code: 'REPLAY_INVALID', message: `${path}: not JSON` });
  }
  const parsed = ReplaySchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UmpireError({
      code: 'REPLAY_INVALID',
      message: `${path}: not an umpire replay (v1): ${issue.path.join('.')}: ${issue.message}`,
    });
  }
  return parsed.data as IcyReplay;
}
