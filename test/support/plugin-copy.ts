import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * What the toy plug-in tests share: a copy of the project (its tracked and
 * new files, no build), a plug-in added to it as a fixture folder plus one
 * registry line, and what differs between the copy and the project.
 */

/** Build outputs and local data: never copied, the copy builds its own. */
const SKIPPED = /^(node_modules|dist|build|\.data|scratch|test-output)(\/|$)/;

/** Every file under `dir`, relative to `base`, without node_modules. */
export function walk(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    const rel = relative(base, path);
    if (rel === 'node_modules') return [];
    return e.isDirectory() ? walk(path, base) : [rel];
  });
}

/** Copies the project at `root` into `copy` (its node_modules linked); gives each copied file's bytes by path. */
export function copyProject(root: string, copy: string): Map<string, Buffer> {
  const listed = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const original = new Map<string, Buffer>();
  for (const path of listed.stdout.split('\0')) {
    if (!path || SKIPPED.test(path) || !existsSync(join(root, path))) continue;
    const bytes = readFileSync(join(root, path));
    original.set(path, bytes);
    mkdirSync(dirname(join(copy, path)), { recursive: true });
    writeFileSync(join(copy, path), bytes);
  }
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  return original;
}

export interface Plugin {
  /** The fixture folder; its `.ts.txt` files become `.ts` (kept as text in test/, where their imports would not resolve). */
  readonly fixture: string;
  /** Where it goes in the copy, e.g. `src/games/toy`. */
  readonly folder: string;
  /** The registry file, and the one line the plug-in adds to it. */
  readonly registry: string;
  readonly line: string;
}

/** Adds the plug-in to the copy: its folder, and its line at the end of the registry. Gives the files added. */
export function addPlugin(copy: string, original: ReadonlyMap<string, Buffer>, plugin: Plugin): string[] {
  const added: string[] = [];
  for (const rel of walk(plugin.fixture)) {
    const to = join(plugin.folder, rel.replace(/\.ts\.txt$/, '.ts'));
    mkdirSync(dirname(join(copy, to)), { recursive: true });
    copyFileSync(join(plugin.fixture, rel), join(copy, to));
    added.push(to);
  }
  const registryText = original.get(plugin.registry)!.toString();
  appendFileSync(join(copy, plugin.registry), (registryText.endsWith('\n') ? '' : '\n') + plugin.line);
  return added.sort();
}

/** How the copy differs from the project it was made from, and the registry's lines before and after. */
export function differences(copy: string, original: ReadonlyMap<string, Buffer>, registry: string) {
  const now = walk(copy).sort();
  const nonEmpty = (text: string) => text.split('\n').filter((l) => l !== '');
  return {
    created: now.filter((p) => !original.has(p)),
    removed: [...original.keys()].filter((p) => !now.includes(p)),
    changed: now.filter((p) => original.has(p) && !readFileSync(join(copy, p)).equals(original.get(p)!)),
    registryBefore: nonEmpty(original.get(registry)!.toString()),
    registryAfter: nonEmpty(readFileSync(join(copy, registry), 'utf8')),
  };
}

export interface CommandRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
  readonly error?: Error;
}

/**
 * Runs commands in the copy, as a user would there. Each runs as its own process without
 * blocking this one's event loop: a blocked loop would miss a kept-alive socket's close, and
 * the next fetch to a server would be sent on a socket the server had closed.
 */
export function commandsIn(copy: string) {
  function run(command: string, args: string[], timeout = 120_000): Promise<CommandRun> {
    const started = Date.now();
    return new Promise((resolve) => {
      execFile(
        command,
        args,
        { cwd: copy, encoding: 'utf8', timeout, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } },
        (error, stdout, stderr) => {
          const status = error ? (typeof error.code === 'number' ? error.code : null) : 0;
          resolve({ status, stdout, stderr, ms: Date.now() - started, ...(error && status === null ? { error } : {}) });
        },
      );
    });
  }
  async function mustRun(command: string, args: string[], timeout?: number): Promise<CommandRun> {
    const r = await run(command, args, timeout);
    if (r.status !== 0)
      throw new Error(
        `${command} ${args.join(' ')} exited ${r.status}${r.error ? ` (${r.error.message})` : ''}\n${r.stdout}\n${r.stderr}`,
      );
    return r;
  }
  return { run, mustRun };
}

export type Commands = ReturnType<typeof commandsIn>;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
