import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { historyToReplay, replayToHistory, type IcyReplay } from '../games/icy/index.js';
import { ReplaySchema } from '../games/icy/replay-schema.js';
import { UmpireError } from '../core/errors.js';
import { inputAndOutput, parseCommandArgs, usageError } from './args.js';
import { readInput } from './io.js';
import { rulesOption } from './rules-option.js';

export const REPLAY_USAGE = 'umpire replay export --turns IN.json[.gz] OUT.turns | umpire replay import IN.turns[.gz] OUT.json.gz [--rules queue2011|icpc2010]';

/** Converts between replays (format v1) and the original turn-history format. */
export function replayCommand(argv: string[], out: (line: string) => void): number {
  const [sub, ...rest] = argv;
  if (sub === 'export') {
    const { values, positionals } = parseCommandArgs(rest, { turns: { type: 'boolean' } });
    if (!values.turns) throw usageError(`usage: ${REPLAY_USAGE}`);
    const [input, output] = inputAndOutput(positionals, REPLAY_USAGE);
    const replay = readReplay(input);
    writeFileSync(output, replayToHistory(replay));
    out(`${output}: ${replay.turns.length + 1} states`);
    return 0;
  }
  if (sub === 'import') {
    const { values, positionals } = parseCommandArgs(rest, { rules: { type: 'string' } });
    const [input, output] = inputAndOutput(positionals, REPLAY_USAGE);
    const replay = historyToReplay(readInput(input, 'TURNS_UNREADABLE'), rulesOption(values.rules as string | undefined));
    if (!replay.ok) {
      const problem = replay.problems[0];
      throw new UmpireError({ code: problem.code, message: `${input}: ${problem.message}` });
    }
    const gz = gzipSync(JSON.stringify(replay.value));
    writeFileSync(output, gz);
    out(`${output}: ${replay.value.turns.length} turns, ${gz.length} bytes gzipped`);
    return 0;
  }
  throw usageError(`usage: ${REPLAY_USAGE}`);
}

function readReplay(path: string): IcyReplay {
  const text = new TextDecoder().decode(readInput(path, 'REPLAY_UNREADABLE'));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UmpireError({ code: 'REPLAY_INVALID', message: `${path}: not JSON` });
  }
  const parsed = ReplaySchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UmpireError({ code: 'REPLAY_INVALID', message: `${path}: not an umpire replay (v1): ${issue.path.join('.')}: ${issue.message}` });
  }
  return parsed.data as IcyReplay;
}
