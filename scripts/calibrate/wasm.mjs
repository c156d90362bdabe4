// WebAssembly micro-benchmarks for `npm run calibrate`: bots written in
// WebAssembly text (assembled with wabt), loaded and called as the sandbox
// loads and calls a bot (WasmBot: metered strictly, with the harness of
// Node and Lambda). Each repeats one instruction class or one
// host call n times: plain arithmetic, the instructions that cost far more
// than an add (division, square roots, loads that miss the caches, calls
// through tables, memory growth, bulk memory, table operations) and every
// import the harness provides, for ABI bots and WASI programs.
import wabtInit from 'wabt';
import { createHarness } from '../../dist/sandbox/wasm/harness.js';
import { WasmBot } from '../../dist/sandbox/webassembly/wasm-bot.js';
import { DEFAULT_LIMITS } from '../../dist/sandbox/types.js';
import { botBench } from './measure.mjs';

const wabt = await wabtInit();
const FEATURES = {
  bulk_memory: true,
  reference_types: true,
  mutable_globals: true,
  sign_extension: true,
  sat_float_to_int: true,
};

function assemble(text) {
  const parsed = wabt.parseWat('bench.wat', text, FEATURES);
  try {
    return new Uint8Array(parsed.toBinary({}).buffer);
  } finally {
    parsed.destroy();
  }
}

/** Reads the decimal number at $p (length $len): the n of a call. */
const PARSE = `(func $n (param $p i32) (param $len i32) (result i32) (local $v i32)
    (block $done (loop $l
      (br_if $done (i32.eqz (local.get $len)))
      (local.set $v (i32.add (i32.mul (local.get $v) (i32.const 10)) (i32.sub (i32.load8_u (local.get $p)) (i32.const 48))))
      (local.set $p (i32.add (local.get $p) (i32.const 1)))
      (local.set $len (i32.sub (local.get $len) (i32.const 1)))
      (br $l)))
    (select (local.get $v) (i32.const 1) (local.get $v)))`;

/** Locals every body may use. */
const LOCALS = '(local $i i32) (local $x i32) (local $y i32) (local $a i64) (local $f f64) (local $p i32)';

/**
 * An ABI bot whose act(n) runs `body` n times. `init` runs once at load
 * (export init), `extra` adds declarations, `imports` imports.
 */
const abi = ({ body, extra = '', imports = '', init = '', memory = '(memory (export "memory") 2)' }) => `(module
  ${imports}
  ${memory}
  ${extra}
  ${PARSE}
  (func (export "alloc") (param i32) (result i32) (i32.const 256))
  (func (export "init") ${LOCALS} ${init})
  (func (export "act") (param $ptr i32) (param $len i32) (result i64) ${LOCALS}
    (local.set $x (i32.const 1)) (local.set $a (i64.const 1)) (local.set $f (f64.const 1.5))
    (local.set $i (call $n (local.get $ptr) (local.get $len)))
    (loop $l ${body} (br_if $l (local.tee $i (i32.sub (local.get $i) (i32.const 1)))))
    (i64.const 0)))`;

/** A WASI program whose _start reads n from stdin and runs `body` n times; the asyncify exports are stand-ins (it never blocks). */
const wasi = ({ body, extra = '', imports = '' }) => `(module
  (import "wasi_snapshot_preview1" "fd_read" (func $fd_read (param i32 i32 i32 i32) (result i32)))
  ${imports}
  (memory (export "memory") 2)
  ${extra}
  ${PARSE}
  (func (export "asyncify_start_unwind") (param i32))
  (func (export "asyncify_stop_unwind"))
  (func (export "asyncify_start_rewind") (param i32))
  (func (export "asyncify_stop_rewind"))
  (func (export "asyncify_get_state") (result i32) (i32.const 0))
  (func (export "_start") ${LOCALS}
    ;; One iovec at 512 for 64 bytes at 256; the count read lands at 520.
    (i32.store (i32.const 512) (i32.const 256)) (i32.store (i32.const 516) (i32.const 64))
    (drop (call $fd_read (i32.const 0) (i32.const 512) (i32.const 1) (i32.const 520)))
    (local.set $i (call $n (i32.const 256) (i32.load (i32.const 520))))
    (loop $l ${body} (br_if $l (local.tee $i (i32.sub (local.get $i) (i32.const 1)))))))`;

const TABLE = `(type $v (func)) (table $t 8 64 funcref) (elem (table $t) (i32.const 0) func $f0 $f0 $f0 $f0 $f0 $f0 $f0 $f0) (func $f0 (type $v))`;
const WASI_IMPORT = (name, signature) => `(import "wasi_snapshot_preview1" "${name}" (func $${name} ${signature}))`;
const IOV = (at, ptr, len) => `(data (i32.const ${at}) "${le32(ptr)}${le32(len)}")`;
const le32 = (v) => [0, 8, 16, 24].map((s) => `\\${((v >>> s) & 255).toString(16).padStart(2, '0')}`).join('');
const KiB = 1 << 10;
const MiB = 1 << 20;

/**
 * A cycle through `slots` slots of 4 bytes (from 64 KiB on: below is where
 * the input lands) in a random order (Sattolo's shuffle with xorshift32):
 * following it, each load waits for the one before. Past 32 KB (L1) it
 * waits on L2, past 1 MB on L3, past 8 MB on memory and, mostly, the TLB.
 */
const slot = (index) => `(i32.add (i32.shl ${index} (i32.const 2)) (i32.const 65536))`;
const chaseInit = (slots) => `
    (local.set $i (i32.const 0))
    (loop $fill (i32.store ${slot('(local.get $i)')} (local.get $i))
      (br_if $fill (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 1))) (i32.const ${slots}))))
    (local.set $x (i32.const 2463534242))
    (local.set $i (i32.const ${slots - 1}))
    (loop $shuffle
      (local.set $x (i32.xor (local.get $x) (i32.shl (local.get $x) (i32.const 13))))
      (local.set $x (i32.xor (local.get $x) (i32.shr_u (local.get $x) (i32.const 17))))
      (local.set $x (i32.xor (local.get $x) (i32.shl (local.get $x) (i32.const 5))))
      (local.set $y (i32.rem_u (local.get $x) (local.get $i)))
      (local.set $p (i32.load ${slot('(local.get $i)')}))
      (i32.store ${slot('(local.get $i)')} (i32.load ${slot('(local.get $y)')}))
      (i32.store ${slot('(local.get $y)')} (local.get $p))
      (br_if $shuffle (local.tee $i (i32.sub (local.get $i) (i32.const 1)))))
    (global.set $at (i32.const 0))`;
const MISSES =
  'each load waits for the one before, on L2, L3 or memory (5 to 100 ns), and costs 1 fuel like a load that hits L1: ' +
  'no price per instruction covers it without charging ordinary code many times its time; the safety cap on CPU time ' +
  'bounds it (docs/wasm-abi.md)';
const chase = (bytes) => ({
  memory: `(memory (export "memory") ${bytes / 65536 + 2})`,
  extra: '(global $at (mut i32) (i32.const 0))',
  init: chaseInit(bytes / 4),
});
const CHASE_ONE = `(global.set $at (i32.load ${slot('(global.get $at)')}))`;
const CHASE_EIGHT = `(local.set $p (global.get $at)) ${`(local.set $p (i32.load ${slot('(local.get $p)')})) `.repeat(8)} (global.set $at (local.get $p))`;

/**
 * [name, kind ('abi' | 'wasi'), spec, options: max n, a fresh instance per
 * call, the log's room (0: full), the answer's limit (0: stdout past it), a
 * note printed under the table].
 * Where output is kept, the limits are the defaults a match has: the log's
 * per match (a fresh instance per call keeps it open every call, more than
 * a match allows), the answer's per call.
 */
const CASES = [
  ['plain loop (i32.add)', 'abi', { body: '(local.set $x (i32.add (local.get $x) (i32.const 3)))' }],
  [
    'i64 arithmetic',
    'abi',
    {
      body: '(local.set $a (i64.rotl (i64.xor (i64.mul (local.get $a) (i64.const 0x9e3779b97f4a7c15)) (i64.const 7)) (i64.const 13)))',
    },
  ],
  [
    'loads and stores in 4 KB',
    'abi',
    {
      body: '(local.set $p (i32.and (i32.add (local.get $p) (i32.const 68)) (i32.const 4092))) (i32.store (local.get $p) (i32.add (i32.load (local.get $p)) (local.get $i)))',
    },
  ],
  [
    'i32.div_u, dependent',
    'abi',
    { body: '(local.set $x (i32.div_u (i32.const -1) (i32.or (local.get $x) (i32.const 1)))) '.repeat(8) },
  ],
  [
    'i64.div_s, dependent',
    'abi',
    {
      body: '(local.set $a (i64.div_s (i64.const 0x7fffffffffffffff) (i64.or (local.get $a) (i64.const 1)))) '.repeat(
        8,
      ),
    },
  ],
  [
    'i64.rem_u, dependent',
    'abi',
    {
      body: '(local.set $a (i64.rem_u (i64.const 0x7fffffffffffffff) (i64.or (local.get $a) (i64.const 3)))) '.repeat(
        8,
      ),
    },
  ],
  ['f64.div, dependent', 'abi', { body: '(local.set $f (f64.div (f64.const 1.0000001) (local.get $f))) '.repeat(8) }],
  [
    'f64.sqrt, dependent',
    'abi',
    { body: '(local.set $f (f64.sqrt (f64.add (local.get $f) (f64.const 2)))) '.repeat(8) },
  ],
  [
    'f64.mul on subnormals',
    'abi',
    { body: '(local.set $f (f64.mul (f64.add (local.get $f) (f64.const 0x1p-1060)) (f64.const 0.5))) '.repeat(8) },
  ],
  [
    'f64 to i32 conversion',
    'abi',
    { body: '(local.set $x (i32.add (local.get $x) (i32.trunc_sat_f64_s (f64.convert_i32_s (local.get $i)))))' },
  ],
  ['random loads in 256 KB (pointer chase)', 'abi', { ...chase(256 * KiB), body: CHASE_ONE }, { note: MISSES }],
  ['random loads in 4 MB (pointer chase)', 'abi', { ...chase(4 * MiB), body: CHASE_ONE }, { note: MISSES }],
  ['random loads in 48 MB (pointer chase)', 'abi', { ...chase(48 * MiB), body: CHASE_ONE }, { note: MISSES }],
  ['random loads in 48 MB, 8 per check', 'abi', { ...chase(48 * MiB), body: CHASE_EIGHT }, { note: MISSES }],
  ['call', 'abi', { extra: TABLE, body: '(call $f0)' }],
  [
    'call_indirect',
    'abi',
    { extra: TABLE, body: '(call_indirect $t (type $v) (i32.and (local.get $i) (i32.const 7)))' },
  ],
  ['memory.size', 'abi', { body: '(local.set $x (i32.add (local.get $x) (memory.size)))' }],
  ['memory.grow by 0', 'abi', { body: '(drop (memory.grow (i32.const 0)))' }],
  [
    'memory.grow by 1 page, to 64 MB',
    'abi',
    { body: '(drop (memory.grow (i32.const 1)))', memory: '(memory (export "memory") 1)' },
    { max: 1000, fresh: true },
  ],
  [
    'memory.grow by 1 page and filling it',
    'abi',
    {
      body: '(memory.fill (i32.shl (memory.grow (i32.const 1)) (i32.const 16)) (i32.const 1) (i32.const 65536))',
      memory: '(memory (export "memory") 1)',
    },
    { max: 1000, fresh: true },
  ],
  [
    'memory.grow past the maximum',
    'abi',
    { body: '(drop (memory.grow (i32.const 1)))', memory: '(memory (export "memory") 2 2)' },
  ],
  ['memory.fill of 1 byte', 'abi', { body: '(memory.fill (i32.const 0) (local.get $i) (i32.const 1))' }],
  ['memory.fill of 64 KB', 'abi', { body: '(memory.fill (i32.const 0) (local.get $i) (i32.const 65536))' }],
  [
    'memory.fill of 32 MB',
    'abi',
    {
      body: `(memory.fill (i32.const 0) (local.get $i) (i32.const ${32 * MiB}))`,
      memory: '(memory (export "memory") 520)',
    },
  ],
  ['memory.copy of 1 byte', 'abi', { body: '(memory.copy (i32.const 0) (i32.const 64) (i32.const 1))' }],
  [
    'memory.copy of 64 KB',
    'abi',
    { body: '(memory.copy (i32.const 0) (i32.const 65536) (i32.const 65536))', memory: '(memory (export "memory") 3)' },
  ],
  [
    'memory.copy of 32 MB, overlapping',
    'abi',
    {
      body: `(memory.copy (i32.const 0) (i32.const 1) (i32.const ${32 * MiB}))`,
      memory: '(memory (export "memory") 520)',
    },
  ],
  [
    'memory.init of 64 bytes',
    'abi',
    { extra: `(data $d "${'x'.repeat(64)}")`, body: '(memory.init $d (i32.const 0) (i32.const 0) (i32.const 64))' },
  ],
  ['table.get', 'abi', { extra: TABLE, body: '(drop (table.get $t (i32.and (local.get $i) (i32.const 7))))' }],
  [
    'table.set of a function',
    'abi',
    { extra: TABLE, body: '(table.set $t (i32.and (local.get $i) (i32.const 7)) (ref.func $f0))' },
  ],
  ['table.size', 'abi', { extra: TABLE, body: '(local.set $x (i32.add (local.get $x) (table.size $t)))' }],
  ['table.fill of 8', 'abi', { extra: TABLE, body: '(table.fill $t (i32.const 0) (ref.func $f0) (i32.const 8))' }],
  ['table.copy of 4', 'abi', { extra: TABLE, body: '(table.copy $t $t (i32.const 1) (i32.const 0) (i32.const 4))' }],
  [
    'table.init of 4',
    'abi',
    {
      extra: `${TABLE} (elem $e func $f0 $f0 $f0 $f0)`,
      body: '(table.init $t $e (i32.const 0) (i32.const 0) (i32.const 4))',
    },
  ],
  [
    'table.grow by 1, to its cap',
    'abi',
    { extra: '(table $g 0 100000 funcref)', body: '(drop (table.grow $g (ref.null func) (i32.const 1)))' },
    { max: 100000, fresh: true },
  ],
  [
    'table.grow past the maximum',
    'abi',
    { extra: '(table $g 0 0 funcref)', body: '(drop (table.grow $g (ref.null func) (i32.const 1)))' },
  ],
  [
    'umpire.log, log full',
    'abi',
    {
      imports: '(import "umpire" "log" (func $log (param i32 i32)))',
      body: '(call $log (i32.const 0) (i32.const 16))',
    },
  ],
  [
    'umpire.log of 16 bytes, log kept',
    'abi',
    {
      imports: '(import "umpire" "log" (func $log (param i32 i32)))',
      body: '(call $log (i32.const 0) (i32.const 16))',
    },
    { fresh: true, log: DEFAULT_LIMITS.logChars },
  ],
  [
    'umpire.log of 4 KB, log kept',
    'abi',
    {
      imports: '(import "umpire" "log" (func $log (param i32 i32)))',
      body: '(call $log (i32.const 0) (i32.const 4096))',
    },
    { fresh: true, log: DEFAULT_LIMITS.logChars },
  ],
  [
    'env.seed',
    'abi',
    {
      imports: '(import "env" "seed" (func $seed (result i32)))',
      body: '(local.set $x (i32.add (local.get $x) (call $seed)))',
    },
  ],
  [
    'env.trace, log full',
    'abi',
    {
      imports: '(import "env" "trace" (func $trace (param i32)))',
      extra: '(data (i32.const 4) "\\00\\08")',
      body: '(call $trace (i32.const 8))',
    },
  ],
  [
    'env.trace of 1000 units, log kept',
    'abi',
    {
      imports: '(import "env" "trace" (func $trace (param i32)))',
      extra: '(data (i32.const 4) "\\d0\\07")',
      body: '(call $trace (i32.const 8))',
    },
    { fresh: true, log: DEFAULT_LIMITS.logChars },
  ],
  [
    'fd_write of 1 byte, stdout past the limit',
    'wasi',
    {
      imports: WASI_IMPORT('fd_write', '(param i32 i32 i32 i32) (result i32)'),
      extra: IOV(0, 1024, 1),
      body: '(drop (call $fd_write (i32.const 1) (i32.const 0) (i32.const 1) (i32.const 64)))',
    },
    { fresh: true },
  ],
  [
    'fd_write of 1 byte, stdout kept',
    'wasi',
    {
      imports: WASI_IMPORT('fd_write', '(param i32 i32 i32 i32) (result i32)'),
      extra: IOV(0, 1024, 1),
      body: '(drop (call $fd_write (i32.const 1) (i32.const 0) (i32.const 1) (i32.const 64)))',
    },
    { fresh: true, output: DEFAULT_LIMITS.outputChars },
  ],
  [
    'fd_write of 4 KB, stdout kept',
    'wasi',
    {
      imports: WASI_IMPORT('fd_write', '(param i32 i32 i32 i32) (result i32)'),
      extra: IOV(0, 4096, 4096),
      body: '(drop (call $fd_write (i32.const 1) (i32.const 0) (i32.const 1) (i32.const 64)))',
    },
    { fresh: true, output: DEFAULT_LIMITS.outputChars },
  ],
  [
    'fd_write, 1000 iovecs of 0 bytes',
    'wasi',
    {
      imports: WASI_IMPORT('fd_write', '(param i32 i32 i32 i32) (result i32)'),
      body: '(drop (call $fd_write (i32.const 1) (i32.const 8192) (i32.const 1000) (i32.const 64)))',
    },
    { fresh: true },
  ],
  [
    'fd_write, 1000 iovecs of 1 byte, stdout kept',
    'wasi',
    {
      imports: WASI_IMPORT('fd_write', '(param i32 i32 i32 i32) (result i32)'),
      extra: `(data (i32.const 8192) "${IOV_MANY(1000)}")`,
      body: '(drop (call $fd_write (i32.const 1) (i32.const 8192) (i32.const 1000) (i32.const 64)))',
    },
    { fresh: true, output: DEFAULT_LIMITS.outputChars },
  ],
  [
    'fd_write of 1 byte to stderr, log full',
    'wasi',
    {
      imports: WASI_IMPORT('fd_write', '(param i32 i32 i32 i32) (result i32)'),
      extra: IOV(0, 1024, 1),
      body: '(drop (call $fd_write (i32.const 2) (i32.const 0) (i32.const 1) (i32.const 64)))',
    },
    { fresh: true },
  ],
  [
    'fd_write of 4 KB to stderr, log kept',
    'wasi',
    {
      imports: WASI_IMPORT('fd_write', '(param i32 i32 i32 i32) (result i32)'),
      extra: IOV(0, 4096, 4096),
      body: '(drop (call $fd_write (i32.const 2) (i32.const 0) (i32.const 1) (i32.const 64)))',
    },
    { fresh: true, log: DEFAULT_LIMITS.logChars },
  ],
  [
    'fd_write to a bad descriptor',
    'wasi',
    {
      imports: WASI_IMPORT('fd_write', '(param i32 i32 i32 i32) (result i32)'),
      body: '(drop (call $fd_write (i32.const 7) (i32.const 0) (i32.const 1) (i32.const 64)))',
    },
    { fresh: true },
  ],
  [
    'fd_read with stdin used up',
    'wasi',
    { body: '(drop (call $fd_read (i32.const 0) (i32.const 512) (i32.const 1) (i32.const 520)))' },
    { fresh: true },
  ],
  [
    'random_get of 0 bytes',
    'wasi',
    {
      imports: WASI_IMPORT('random_get', '(param i32 i32) (result i32)'),
      body: '(drop (call $random_get (i32.const 1024) (i32.const 0)))',
    },
    { fresh: true },
  ],
  [
    'random_get of 4 KB',
    'wasi',
    {
      imports: WASI_IMPORT('random_get', '(param i32 i32) (result i32)'),
      body: '(drop (call $random_get (i32.const 1024) (i32.const 4096)))',
    },
    { fresh: true },
  ],
  [
    'clock_time_get',
    'wasi',
    {
      imports: WASI_IMPORT('clock_time_get', '(param i32 i64 i32) (result i32)'),
      body: '(drop (call $clock_time_get (i32.const 0) (i64.const 0) (i32.const 1024)))',
    },
    { fresh: true },
  ],
  [
    'clock_res_get',
    'wasi',
    {
      imports: WASI_IMPORT('clock_res_get', '(param i32 i32) (result i32)'),
      body: '(drop (call $clock_res_get (i32.const 0) (i32.const 1024)))',
    },
    { fresh: true },
  ],
  [
    'fd_fdstat_get',
    'wasi',
    {
      imports: WASI_IMPORT('fd_fdstat_get', '(param i32 i32) (result i32)'),
      body: '(drop (call $fd_fdstat_get (i32.const 1) (i32.const 1024)))',
    },
    { fresh: true },
  ],
  [
    'environ_sizes_get',
    'wasi',
    {
      imports: WASI_IMPORT('environ_sizes_get', '(param i32 i32) (result i32)'),
      body: '(drop (call $environ_sizes_get (i32.const 1024) (i32.const 1032)))',
    },
    { fresh: true },
  ],
  [
    'args_sizes_get',
    'wasi',
    {
      imports: WASI_IMPORT('args_sizes_get', '(param i32 i32) (result i32)'),
      body: '(drop (call $args_sizes_get (i32.const 1024) (i32.const 1032)))',
    },
    { fresh: true },
  ],
  [
    'sched_yield',
    'wasi',
    { imports: WASI_IMPORT('sched_yield', '(result i32)'), body: '(drop (call $sched_yield))' },
    { fresh: true },
  ],
  [
    'fd_seek (refused)',
    'wasi',
    {
      imports: WASI_IMPORT('fd_seek', '(param i32 i64 i32 i32) (result i32)'),
      body: '(drop (call $fd_seek (i32.const 1) (i64.const 0) (i32.const 0) (i32.const 1024)))',
    },
    { fresh: true },
  ],
  [
    'path_open (not provided)',
    'wasi',
    {
      imports: WASI_IMPORT('path_open', '(param i32 i32 i32 i32 i32 i64 i64 i32 i32) (result i32)'),
      body: '(drop (call $path_open (i32.const 3) (i32.const 0) (i32.const 0) (i32.const 0) (i32.const 0) (i64.const 0) (i64.const 0) (i32.const 0) (i32.const 1024)))',
    },
    { fresh: true },
  ],
];

/** `count` iovecs of 1 byte each, all pointing at byte 4096. */
function IOV_MANY(count) {
  return `${le32(4096)}${le32(1)}`.repeat(count);
}

/**
 * Sessions as Node's (node-sources.ts), but each metered module compiled
 * once: a bot loaded again for every call runs the code V8 has already
 * optimized, as a bot that plays on does.
 */
function compiledOnceSessions() {
  const compiled = new Map();
  return async (metered, seed, logLimit) => {
    const key = Buffer.from(metered).toString('base64');
    let module = compiled.get(key);
    if (!module) compiled.set(key, (module = new WebAssembly.Module(metered)));
    const harness = createHarness(module, seed, logLimit);
    return {
      start: async (fuel, capMs) => harness.start(fuel, capMs),
      call: async (input, fuel, limit, capMs) => harness.call(input, fuel, limit, capMs),
      takeLog: async () => harness.takeLog(),
    };
  };
}

/**
 * A benchmark per case: a bot loaded as the sandbox loads one (WasmBot:
 * metered strictly, as every bot), called as a match calls it; loaded again
 * for every call when `fresh` (not timed), and always for WASI programs,
 * which exit.
 */
export async function benches(filter) {
  const sessions = compiledOnceSessions();
  const out = [];
  for (const [name, kind, spec, options = {}] of CASES) {
    if (filter && !filter(name)) continue;
    const bytes = assemble(kind === 'abi' ? abi(spec) : wasi(spec));
    const limits = { ...DEFAULT_LIMITS, logChars: options.log ?? 0, outputChars: options.output ?? 0 };
    const fresh = options.fresh || kind === 'wasi';
    const load = async () => {
      const loaded = await WasmBot.load(sessions, bytes, { limits, seed: 1, loadFuel: 1e13 });
      if (!loaded.ok) throw new Error(`wasm ${name}: ${loaded.failure.message}`);
      return loaded.bot;
    };
    out.push(
      botBench({
        label: 'wasm',
        name,
        note: options.note,
        max: options.max ?? 100_000_000,
        fresh,
        callFuel: 1e15,
        load,
      }),
    );
  }
  return out;
}
