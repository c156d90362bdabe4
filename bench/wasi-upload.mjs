// Uploads of raw WASI modules (issue 27): POST /v1/bots of a C++ iostream player (about 700
// functions, test/fixtures/wasi-src/icy-iostream.cpp) and of every C++ game player the build made
// (build/bots/*-cpp.wasm), timed on an idle machine and with a busy loop on another core, side by side.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { median } from './median.mjs';
import { startServer } from './server.mjs';

const ROUNDS = 3;

/** The module with a custom section of its own, so that no upload is a repeat of another. */
function distinct(bytes, k) {
  const name = new TextEncoder().encode(`bench-${process.pid}-${k}`);
  return new Uint8Array([...bytes, 0, name.length + 1, name.length, ...name]);
}

export async function run(report) {
  const players = [
    ['test/fixtures/wasi-src/icy-iostream.cpp', 'icy', 'build/test-wasi/icy-iostream.wasm'],
    ...(existsSync('build/bots') ? readdirSync('build/bots') : [])
      .filter((f) => f.endsWith('-cpp.wasm'))
      .map((f) => [f, f.split('-')[0], `build/bots/${f}`]),
  ].filter(([, , file]) => existsSync(file));
  if (players.length === 0) {
    console.log('  wasi upload: skipped (no wasm32-wasi toolchain: build/test-wasi/icy-iostream.wasm not built)');
    return;
  }
  const server = await startServer();
  let k = 0;
  const upload = async (game, bytes) => {
    const form = new FormData();
    form.set('game', game);
    form.set('bot', new Blob([distinct(bytes, k++)], { type: 'application/wasm' }), 'player.wasm');
    const start = performance.now();
    const r = await fetch(`${server.base}/v1/bots`, { method: 'POST', body: form });
    const text = await r.text();
    if (r.status !== 201) throw new Error(`POST /v1/bots: ${r.status} ${text}`);
    return performance.now() - start;
  };
  const timed = async (game, bytes) => {
    const ms = [];
    for (let i = 0; i < ROUNDS; i++) ms.push(await upload(game, bytes));
    return median(ms);
  };
  try {
    const [, firstGame, firstFile] = players[0];
    await upload(firstGame, new Uint8Array(readFileSync(firstFile))); // warm up
    for (const [label, game, file] of players) {
      const bytes = new Uint8Array(readFileSync(file));
      const idle = await timed(game, bytes);
      const busy = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
      let loaded;
      try {
        loaded = await timed(game, bytes);
      } finally {
        busy.kill('SIGKILL');
      }
      report(
        `wasi upload: POST /v1/bots of ${label} (${(bytes.length / 1024).toFixed(0)} KiB), median of ${ROUNDS}, idle / other core busy`,
        idle,
        `ms / ${loaded.toFixed(0)} ms`,
        '< 1000 ms, either way',
      );
    }
  } finally {
    server.stop();
  }
}
