import type { CliContext } from './command.js';
import { runCli } from './main.js';

/** Process wiring of the CLI: buffered stdout (many lines are fast), stderr. */
export async function main(argv: string[], context?: CliContext): Promise<number> {
  const lines: string[] = [];
  const flush = () => {
    if (lines.length > 0) process.stdout.write(lines.join('\n') + '\n');
    lines.length = 0;
  };
  try {
    return await runCli(
      argv,
      (line) => {
        lines.push(line);
        if (lines.length >= 256) flush();
      },
      (line) => {
        flush();
        process.stderr.write(line + '\n');
      },
      context,
    );
  } finally {
    flush();
  }
}
