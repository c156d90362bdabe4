/**
 * emscripten's setjmp/longjmp imports (`invoke_*`, `_emscripten_throw_longjmp`)
 * as WebAssembly instead of JavaScript, for an interpreter that JSPI must be
 * able to suspend: a suspension cannot cross a JavaScript frame, and every
 * MicroPython exception handler (`nlr_push`) sits under an `invoke_*` call.
 *
 * The bridge is a small module made here, byte by byte. A longjmp throws a
 * WebAssembly exception tag; each `invoke_*` calls its target through the
 * bridge's own table and catches that tag, then does the bookkeeping the
 * JavaScript wrappers do (stack pointer back, the call-depth count back,
 * `setThrew(1, 0)`). The table is filled after the interpreter exists: its
 * own functions first (the same indices), then five helpers at `base`.
 * The bridge charges no fuel: the build prices each call at its call site.
 */

import { DEPTH_EXPORT } from '../wasm/call-depth.js';
import { WASM_HEADER } from '../wasm/sections.js';

const I32 = 0x7f;
const FUNCREF = 0x70;
const OP = {
  unreachable: 0x00,
  try: 0x06,
  catch: 0x07,
  throw: 0x08,
  end: 0x0b,
  localGet: 0x20,
  localSet: 0x21,
  globalGet: 0x23,
  callIndirect: 0x11,
  i32Const: 0x41,
  i32Add: 0x6a,
  void: 0x40,
} as const;

/** The helpers' slots after `base`, in this order. */
const HELPERS = ['stackSave', 'stackRestore', 'setThrew', 'depthGet', 'depthSet'] as const;

/** An `invoke_*` import's shape from its name: `invoke_` then the result (`v` for none) and one letter a parameter. */
export interface InvokeShape {
  readonly name: string;
  readonly result: boolean;
  readonly params: number;
}

export function invokeShape(name: string): InvokeShape | null {
  const m = /^invoke_([vi])(i*)$/.exec(name);
  return m ? { name, result: m[1] === 'i', params: m[2]!.length } : null;
}

const uleb = (n: number): number[] => {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
};
const sleb = (n: number): number[] => {
  const out: number[] = [];
  while (true) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
};
const vec = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
const name = (text: string): number[] => [...uleb(text.length), ...new TextEncoder().encode(text)];
const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body];
const funcType = (params: number, result: boolean): number[] => [
  0x60,
  ...vec(Array.from({ length: params }, () => [I32])),
  ...vec(result ? [[I32]] : []),
];

/** The bridge's bytes for these `invoke_*` shapes. */
export function bridgeBytes(shapes: readonly InvokeShape[]): Uint8Array<ArrayBuffer> {
  // Types: 0 () -> (), 1 () -> i32, 2 (i32) -> (), 3 (i32 i32) -> (), then each target's and each invoke's.
  const types: number[][] = [funcType(0, false), funcType(0, true), funcType(1, false), funcType(2, false)];
  const target = shapes.map((s) => types.push(funcType(s.params, s.result)) - 1);
  const invoke = shapes.map((s) => types.push(funcType(s.params + 1, s.result)) - 1);
  const TAG_TYPE = 0;
  // Functions: 0 throws the longjmp, then one invoke per shape.
  const functions = [[0], ...invoke.map((t) => uleb(t))];
  const table = [FUNCREF, 0x00, ...uleb(0)];
  const tag = [0x00, ...uleb(TAG_TYPE)];
  // Global 0: where the helpers start in the table (set by the host once it is filled).
  const global = [I32, 0x01, OP.i32Const, ...sleb(0), OP.end];
  const exports = [
    [...name('throw_longjmp'), 0x00, ...uleb(0)],
    ...shapes.map((s, k) => [...name(s.name), 0x00, ...uleb(k + 1)]),
    [...name('table'), 0x01, ...uleb(0)],
    [...name('base'), 0x03, ...uleb(0)],
  ];
  const helper = (slot: number, type: number): number[] => [
    OP.globalGet,
    0,
    OP.i32Const,
    ...sleb(slot),
    OP.i32Add,
    OP.callIndirect,
    ...uleb(type),
    0x00,
  ];
  const bodies = [
    [...vec([]), OP.throw, ...uleb(0), OP.end],
    ...shapes.map((s, k) => {
      const stack = s.params + 1;
      const depth = s.params + 2;
      const args = Array.from({ length: s.params }, (_, p) => [OP.localGet, ...uleb(p + 1)]).flat();
      const body = [
        ...helper(0, 1),
        OP.localSet,
        ...uleb(stack),
        ...helper(3, 1),
        OP.localSet,
        ...uleb(depth),
        OP.try,
        s.result ? I32 : OP.void,
        ...args,
        OP.localGet,
        0,
        OP.callIndirect,
        ...uleb(target[k]!),
        0x00,
        OP.catch,
        ...uleb(0),
        OP.localGet,
        ...uleb(depth),
        ...helper(4, 2),
        OP.localGet,
        ...uleb(stack),
        ...helper(1, 2),
        OP.i32Const,
        1,
        OP.i32Const,
        0,
        ...helper(2, 3),
        ...(s.result ? [OP.i32Const, 0] : []),
        OP.end,
        OP.end,
      ];
      return [...vec([[2, I32]]), ...body];
    }),
  ];
  return new Uint8Array([
    ...WASM_HEADER,
    ...section(1, vec(types)),
    ...section(3, vec(functions)),
    ...section(4, vec([table])),
    ...section(13, vec([tag])),
    ...section(6, vec([global])),
    ...section(7, vec(exports)),
    ...section(10, vec(bodies.map((b) => [...uleb(b.length), ...b]))),
  ]);
}

/** Reads and writes an exported call-depth global from WebAssembly (a JavaScript frame would block a suspension). */
export const DEPTH_ACCESS = new Uint8Array([
  ...WASM_HEADER,
  ...section(1, vec([funcType(0, true), funcType(1, false)])),
  ...section(2, vec([[...name('i'), ...name('depth'), 0x03, I32, 0x01]])),
  ...section(3, vec([[0], [1]])),
  ...section(
    7,
    vec([
      [...name('get'), 0x00, 0],
      [...name('set'), 0x00, 1],
    ]),
  ),
  ...section(
    10,
    vec([
      [4, 0, OP.globalGet, 0, OP.end],
      [6, 0, OP.localGet, 0, 0x24, 0, OP.end],
    ]),
  ),
]);

/** The two modules of a bridge, compiled: the build writes both (scripts/build-wasm.mjs), for runtimes that cannot compile. */
export interface BridgeModules {
  /** bridgeBytes of the interpreter's invoke_* shapes. */
  readonly bridge: WebAssembly.Module;
  /** DEPTH_ACCESS. */
  readonly depth: WebAssembly.Module;
}

/** A bridge ready to be the interpreter's imports; `connect` once the interpreter is made. */
export interface LongjmpBridge {
  readonly imports: Record<string, unknown>;
  connect(exports: Record<string, any>): void;
}

/** The invoke_* shapes among a module's imports, in import order. */
export function invokeShapesOf(module: WebAssembly.Module): InvokeShape[] {
  return WebAssembly.Module.imports(module)
    .map((i) => (i.module === 'env' ? invokeShape(i.name) : null))
    .filter((s) => s !== null);
}

const compiled = new WeakMap<WebAssembly.Module, BridgeModules>();

/** The bridge for an interpreter module, compiled here once per module: where the runtime may compile (Node). */
export function compileBridge(module: WebAssembly.Module): BridgeModules {
  let modules = compiled.get(module);
  if (!modules) {
    modules = {
      bridge: new WebAssembly.Module(bridgeBytes(invokeShapesOf(module))),
      depth: new WebAssembly.Module(DEPTH_ACCESS),
    };
    compiled.set(module, modules);
  }
  return modules;
}

export function makeBridge(modules: BridgeModules, shapes: readonly InvokeShape[]): LongjmpBridge {
  const module = modules.bridge;
  const bridge = new WebAssembly.Instance(module).exports as Record<string, any>;
  const imports: Record<string, unknown> = { _emscripten_throw_longjmp: bridge.throw_longjmp };
  for (const s of shapes) imports[s.name] = bridge[s.name];
  return {
    imports,
    connect(ex) {
      const own = ex.__indirect_function_table as WebAssembly.Table;
      const table = bridge.table as WebAssembly.Table;
      const base = own.length;
      table.grow(base + HELPERS.length);
      for (let k = 0; k < base; k++) table.set(k, own.get(k));
      const counter =
        (ex[DEPTH_EXPORT] as WebAssembly.Global | undefined) ??
        new WebAssembly.Global({ value: 'i32', mutable: true }, 0);
      const depth = new WebAssembly.Instance(modules.depth, { i: { depth: counter } }).exports as Record<string, any>;
      const helpers = [
        ex.emscripten_stack_get_current,
        ex._emscripten_stack_restore,
        ex.setThrew,
        depth.get,
        depth.set,
      ];
      helpers.forEach((fn, k) => table.set(base + k, fn));
      (bridge.base as WebAssembly.Global).value = base;
    },
  };
}
