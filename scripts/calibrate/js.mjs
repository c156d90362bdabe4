// JavaScript (QuickJS) micro-benchmarks for `npm run calibrate`: each is a
// bot whose act(n) runs one kind of work n times. Ordinary interpreter work,
// and the built-ins that do far more per call than an operator does: JSON,
// regular expressions, string building, sorting, typed arrays and bulk
// copies, big ints, exceptions, deep recursion, the clock, the log.
import { JsBot } from '../../dist/sandbox/javascript/js-bot.js';
import { nodeQuickJSModule } from '../../dist/sandbox/node-sources.js';
import { DEFAULT_LIMITS } from '../../dist/sandbox/types.js';
import { botBench } from './measure.mjs';

/** A cycle through 8 Mi slots (32 MB) in a random order (Sattolo's shuffle): following it, every read misses the caches. */
const CHASE = `const a = new Int32Array(1 << 23); for (let k = 0; k < a.length; k++) a[k] = k;
let seed = 2463534242;
for (let k = a.length - 1; k > 0; k--) {
  seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5;
  const j = (seed >>> 0) % k; const t = a[k]; a[k] = a[j]; a[j] = t;
}
let at = 0;`;

/** [name, module-level setup, loop body (`i` counts the turns), options: a fresh bot for every call, most turns a call, limits] */
const CASES = [
  ['empty loop', '', ''],
  ['int arithmetic', 'let x = 7;', 'x = (x * 31 + 7) % 1000003;'],
  ['float arithmetic', 'let x = 1.5;', 'x = x * 1.0000001 + 0.5 - x / 3;'],
  ['bit operations', 'let x = 7;', 'x = ((x << 5) ^ (x >>> 3) ^ i) | 0;'],
  [
    'Math functions',
    'let x = 0;',
    'x += Math.sin(i) + Math.sqrt(i) + Math.atan2(i, 3) + Math.exp(-i) + Math.floor(i / 3);',
  ],
  ['Math.random', 'let x = 0;', 'x += Math.random();'],
  ['function call', 'const f = (a, b) => a + b; let x = 0;', 'x = f(x, 1);'],
  ['closure', 'const make = (k) => (v) => v + k; let x = 0;', 'x = make(i)(x);'],
  [
    'method call',
    'class P { constructor() { this.v = 0; } bump(k) { this.v += k; } } const p = new P();',
    'p.bump(1);',
  ],
  ['getter and setter', 'const o = { a: 0, get v() { return this.a; }, set v(k) { this.a = k; } };', 'o.v = o.v + 1;'],
  ['object creation', 'let o;', 'o = { a: i, b: i + 1, c: [i] };'],
  ['class instances', 'class P { constructor(a) { this.a = a; this.b = a * 2; } } let o;', 'o = new P(i);'],
  ['array push and pop', 'const a = [];', 'a.push(i); a.push(i); a.pop(); a.pop();'],
  [
    'array index on 100k',
    'const a = new Array(100000).fill(0);',
    'a[(i * 7919) % 100000] += a[(i * 104729) % 100000] + 1;',
  ],
  [
    'Map of 300k keys, random gets',
    'const m = new Map(); for (let k = 0; k < 300000; k++) m.set(k * 7, { v: k }); let x = 0, at = 1;',
    'at = (at * 1103515245 + 12345) & 0x3fffffff; x += m.get((at % 300000) * 7).v;',
  ],
  ['random reads in 32 MB (pointer chase)', CHASE, 'at = a[at];'],
  [
    'dynamic property names',
    "const o = {}; const keys = Array.from({ length: 64 }, (_, k) => 'key' + k);",
    'o[keys[i & 63]] = i;',
  ],
  [
    'Map on 50k keys',
    'const m = new Map(); for (let k = 0; k < 50000; k++) m.set(k, k);',
    'm.set(i % 50000, m.get((i * 7) % 50000) + 1);',
  ],
  ['Set add and has', 'const s = new Set();', 's.add(i & 1023); s.has(i & 511);'],
  [
    'destructuring and spread',
    'const a = [1, 2, 3, 4]; let x = 0;',
    'const [p, q, ...rest] = [...a, i]; x += p + q + rest.length;',
  ],
  ['deep recursion 300', 'const r = (k) => (k === 0 ? 0 : r(k - 1) + 1);', 'r(300);'],
  ['try, throw and catch', 'let x = 0;', 'try { throw i; } catch (e) { x += e; }'],
  ['new Error (stack trace)', 'const deep = (k) => (k === 0 ? new Error("x") : deep(k - 1));', 'deep(50);'],
  ['generator', 'function* g(k) { for (let v = 0; v < k; v++) yield v; } let x = 0;', 'for (const v of g(20)) x += v;'],
  ['Proxy get trap', 'const p = new Proxy({}, { get: (t, k) => 1 }); let x = 0;', 'x += p.a;'],
  ['string charCodeAt', "const s = 'abcdefghij'.repeat(1000); let x = 0;", 'x += s.charCodeAt(i % 10000);'],
  ['small string concatenation', 'let s;', "s = 'ab' + i + 'cd';"],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the benchmark's source text, a template literal for QuickJS to run
  ['template literal', 'let s;', 's = `${i}:${i * 2}`;'],
  ['string building by += (1 MB)', "let s = '';", "s += 'xy'; if (s.length > 1e6) s = '';"],
  ['array join 10k', "const a = new Array(10000).fill('ab');", "a.join(',');"],
  ['string split 100 KB', "const s = 'ab cd '.repeat(16000);", "s.split(' ');"],
  ['string replaceAll 100 KB', "const s = 'ab'.repeat(50000);", "s.replaceAll('a', 'cd');"],
  ['string indexOf 100 KB', "const s = 'a'.repeat(100000) + 'b';", "s.indexOf('ab');"],
  ['string repeat 1 MB', '', "'x'.repeat(1e6);"],
  ['string toUpperCase 100 KB', "const s = 'ab'.repeat(50000);", 's.toUpperCase();'],
  ['string compare 100 KB', "const s = 'a'.repeat(100000); const t = 'a'.repeat(99999) + 'a';", 's === t;'],
  ['string slice 100 KB', "const s = 'ab'.repeat(50000);", 's.slice(1, 99999);'],
  ['string padStart', '', "String(i).padStart(20, '0');"],
  ['localeCompare', "const s = 'abcdef'; let x = 0;", "x += s.localeCompare('abcdeg');"],
  ['number to string', 'let s;', 's = String(i * 1.1) + (i * 3.7).toFixed(3);'],
  ['parseFloat and parseInt', 'let x = 0;', "x += parseFloat('3.14159e-5') + parseInt('123456', 10);"],
  ['toLocaleString', '', '(i * 1234.5).toLocaleString();'],
  [
    'JSON.stringify 2k objects',
    "const v = Array.from({ length: 2000 }, (_, k) => ({ a: k, b: [k, 'x'] }));",
    'JSON.stringify(v);',
  ],
  [
    'JSON.parse 2k objects',
    "const t = JSON.stringify(Array.from({ length: 2000 }, (_, k) => ({ a: k, b: [k, 'x'] })));",
    'JSON.parse(t);',
  ],
  ['regex test', 'const re = /([a-z]+)([0-9]+)/; let x = 0;', "if (re.test('abcdef12345')) x++;"],
  [
    'regex exec with groups',
    "const re = /(\\d+)-(\\d+)/g; const s = '12-34 56-78 '.repeat(100);",
    're.lastIndex = 0; while (re.exec(s));',
  ],
  ['regex replace 10 KB', "const s = 'ab1 '.repeat(2500);", "s.replace(/[0-9]/g, 'x');"],
  ['regex split 10 KB', "const s = 'ab1 '.repeat(2500);", 's.split(/\\s/);'],
  ['regex backtracking', "const re = /^(a|aa)*b$/; const s = 'a'.repeat(22);", 're.test(s);'],
  ['regex compile', '', "new RegExp('([a-z]+)|([0-9]+)x?y*' + (i & 7));"],
  [
    'array sort 5k numbers',
    'const a = Array.from({ length: 5000 }, (_, k) => (k * 7919) % 5003);',
    'a.slice().sort((p, q) => p - q);',
  ],
  [
    'array default sort 2k',
    'const a = Array.from({ length: 2000 }, (_, k) => (k * 7919) % 2003);',
    'a.slice().sort();',
  ],
  [
    'array sort 2k strings',
    "const a = Array.from({ length: 2000 }, (_, k) => 'k' + ((k * 7919) % 2003));",
    'a.slice().sort();',
  ],
  [
    'array map filter reduce 1k',
    'const a = Array.from({ length: 1000 }, (_, k) => k);',
    'a.map((v) => v * 2).filter((v) => v & 4).reduce((p, v) => p + v, 0);',
  ],
  ['array slice 100k', 'const a = new Array(100000).fill(1);', 'a.slice();'],
  ['array concat 100k', 'const a = new Array(50000).fill(1);', 'a.concat(a);'],
  ['array indexOf 100k', 'const a = new Array(100000).fill(1);', 'a.indexOf(2);'],
  ['Array.from 10k', '', 'Array.from({ length: 10000 }, (_, k) => k);'],
  ['Array fill 100k', '', 'new Array(100000).fill(0);'],
  ['typed array fill 1 MB', 'const b = new Uint8Array(1 << 20);', 'b.fill(i & 255);'],
  ['typed array set 1 MB', 'const b = new Uint8Array(1 << 20); const c = new Uint8Array(1 << 20);', 'b.set(c);'],
  ['typed array copyWithin 1 MB', 'const b = new Uint8Array(1 << 21);', 'b.copyWithin(0, 1 << 20);'],
  ['typed array slice 1 MB', 'const b = new Uint8Array(1 << 20);', 'b.slice();'],
  ['typed array element loop', 'const b = new Int32Array(4096);', 'b[i & 4095] = b[(i + 1) & 4095] + 1;'],
  [
    'Float64Array sort 5k',
    'const b = Float64Array.from({ length: 5000 }, (_, k) => (k * 7919) % 5003);',
    'b.slice().sort();',
  ],
  ['DataView get and set', 'const v = new DataView(new ArrayBuffer(64));', 'v.setFloat64(8, v.getFloat64(8) + 1);'],
  ['ArrayBuffer 1 MB', '', 'new ArrayBuffer(1 << 20);'],
  [
    'heap growth to 56 MB, 1 MB a turn',
    'const keep = [];',
    'keep.push(new ArrayBuffer(1 << 20));',
    { fresh: true, max: 40 },
  ],
  ['BigInt multiply', 'const a = 7n ** 3000n; const b = 11n ** 3000n;', 'a * b;'],
  ['BigInt to string', 'const a = 7n ** 3000n;', 'a.toString();'],
  ['BigInt small arithmetic', 'let x = 1n;', 'x = (x * 31n + 7n) % 1000003n;'],
  ['Object.keys 1k', 'const o = {}; for (let k = 0; k < 1000; k++) o["k" + k] = k;', 'Object.keys(o);'],
  ['delete properties', 'const o = {};', 'o["a" + (i & 15)] = 1; delete o["a" + ((i + 8) & 15)];'],
  ['eval', '', "eval('1 + ' + (i & 7));"],
  ['new Function', '', "new Function('a', 'return a + ' + (i & 7));"],
  ['Date.now (clock)', 'let x = 0;', 'x += Date.now();'],
  ['new Date and toISOString', '', 'new Date().toISOString();'],
  ['new Date from a string', '', "new Date('2011-05-28T12:00:00Z').getTime();"],
  ['Date local time', 'const d = new Date(0);', 'd.getHours(); d.toString();'],
  ['console.log short, log kept', '', "console.log('hello');", { logChars: DEFAULT_LIMITS.logChars, fresh: true }],
  ['console.log short, log full', '', "console.log('hello');"],
  ['console.log 10 KB, log full', "const s = 'x'.repeat(10000);", 'console.log(s);'],
];

/** The bot: the setup at the module's top level, and act(n) running the body n times. */
function source(setup, body) {
  return `${setup}
export default function act(input) {
  const n = Number(input);
  for (let i = 0; i < n; i++) {
    ${body}
  }
  return '';
}`;
}

/** A benchmark per case, on a JavaScript bot loaded once (or for every call, `fresh`). */
export async function benches(filter) {
  const out = [];
  for (const [name, setup, body, over] of CASES) {
    if (filter && !filter(name)) continue;
    const { fresh = false, max = 100_000_000, ...limitsOver } = over ?? {};
    // The log is full after the first call unless a case asks for room.
    const limits = { ...DEFAULT_LIMITS, logChars: 100, ...limitsOver };
    const load = async () => {
      const loaded = await JsBot.load(nodeQuickJSModule, source(setup, body), { limits, seed: 1, loadFuel: 1e11 });
      if (!loaded.ok) throw new Error(`js ${name}: ${loaded.failure.message}`);
      return loaded.bot;
    };
    out.push(botBench({ label: 'js', name, max, fresh, callFuel: 1e13, load, dispose: (b) => b.dispose() }));
  }
  return out;
}
