// The emscripten glue of the metered QuickJS, as build/quickjs-glue.cjs holds it.
// Fuel counts what the glue asks the engine to do, so every runtime must use the
// same glue: the one quickjs-emscripten made for workerd, which runs in Node too.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** Where the glue comes from, in node_modules. */
export const QUICKJS_GLUE_ORIGIN = join(
  dirname(require.resolve('@jitl/quickjs-wasmfile-release-sync/wasm')),
  'emscripten-module.cloudflare.cjs',
);

export const QUICKJS_GLUE_DTS = 'declare const QuickJSRaw: unknown;\nexport = QuickJSRaw;\n';

/** The glue's CommonJS source, with the ASCII fast paths. */
export function quickjsGlueSource() {
  return withAsciiFastPaths(readFileSync(QUICKJS_GLUE_ORIGIN, 'utf8'));
}

/**
 * The glue measures and copies every string into the engine one character at a
 * time in JS (lengthBytesUTF8, stringToUTF8, and the scan for the end of one
 * read back): a turn's view is 3 kB, and on a cold start those loops are a tenth of a match. For ASCII strings (every game's
 * input, the prelude) both are given the native TextEncoder path, which writes
 * the same bytes; anything else keeps the glue's own loop. A string is ASCII
 * when encoding it gives one byte per character: TextEncoder.encodeInto tells
 * so some 10 times faster than a regular expression over a turn's view (and
 * stringToUTF8 then has its bytes already). The build fails if the glue no
 * longer has the functions where expected (a new quickjs-emscripten).
 */
/** Whether a string is ASCII: encoded into a scratch buffer of its length, every character took one byte. */
const ASCII_CHECK = [
  'var umpireUtf8=new TextEncoder,umpireScratch=new Uint8Array(4096);',
  'function umpireAscii(a){var n=a.length;if(umpireScratch.length<n)umpireScratch=new Uint8Array(2*n);',
  'var r=umpireUtf8.encodeInto(a,umpireScratch.subarray(0,n));return r.read===n&&r.written===n}',
].join('');

function withAsciiFastPaths(source) {
  const patches = [
    // stringToUTF8(str, ptr, maxBytes): a NUL-terminated copy of at most maxBytes - 1 bytes.
    [
      'U=(a,d,b)=>{var e=E;if(!(0<b))return 0;',
      // A string that is not ASCII has its first bytes written here, then all of them (at least as many) by the loop.
      'if(a.length<b){var umpireR=umpireUtf8.encodeInto(a,e.subarray(d,d+a.length));if(umpireR.read===a.length&&umpireR.written===a.length){e[d+a.length]=0;return a.length}}',
    ],
    // lengthBytesUTF8(str)
    ['X=a=>{', 'if(umpireAscii(a))return a.length;'],
    // The end of a NUL-terminated string within maxBytes (UTF8ToString): found natively.
    ['ea=(a,d,b,e)=>{b=d+b;if(e)return b;', 'var z=a.indexOf(0,d);if(z<0)z=a.length;return b<z?b:z;'],
  ];
  let out = source;
  for (const [at, insert] of patches) {
    once(out, at);
    out = out.replace(at, at + insert);
  }
  return `${ASCII_CHECK}\n${withSynchronousStart(out)}`;
}

function once(source, at) {
  if (source.split(at).length !== 2)
    throw new Error(`prebuild: the QuickJS glue has changed; '${at}' is not found once in ${QUICKJS_GLUE_ORIGIN}`);
}

/**
 * The glue awaits the instance even when its instantiateWasm hands it over
 * at once, so an engine is never ready before a later microtask. With
 * `umpireSync` set on the module argument, the same start runs without that
 * await: the argument holds the started engine when the factory returns
 * (javascript/quickjs-start.ts). The safety cap needs this to measure the
 * host's pace inside a running call, where nothing can be awaited.
 */
function withSynchronousStart(source) {
  const head = 'Z=await (async function(){';
  const tail = 'return a((await ca(d)).instance)}());';
  const handOver = 'if(c.instantiateWasm)return new Promise(b=>{c.instantiateWasm(d,(e,f)=>{b(a(e,f))})});';
  for (const at of [head, tail, handOver]) once(source, at);
  const start = source.indexOf(head);
  const end = source.indexOf(tail) + tail.length;
  const awaited = source.slice(start + 'Z='.length, end - 1);
  const body = source.slice(start + head.length, source.indexOf(tail));
  once(body, handOver);
  const syncBody = body.replace(
    handOver,
    'var umpireX;c.instantiateWasm(d,(e,f)=>{umpireX=a(e,f)});if(umpireX===void 0)throw Error("umpire: instantiateWasm must hand the instance over at once");return umpireX;',
  );
  return `${source.slice(0, start)}Z=c.umpireSync?(function(){${syncBody}}()):${awaited};${source.slice(end)}`;
}
