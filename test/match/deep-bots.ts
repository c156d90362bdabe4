import { assemble } from '../sandbox/wat.js';

/**
 * Icy bots that recurse deep on purpose (test/match/stack-determinism.test.ts and
 * test/functions/worker/workers.test.ts): every runtime must stop them at the same call,
 * with the same fuel. Each answers four idles when it answers.
 */

/**
 * JavaScript, two ways: a recursion without a base case on every call (QuickJS's own stack limit
 * throws, caught here), and on the third call since loading JSON.parse of 100,000 nested '['
 * (QuickJS's parser recurses without growing its own stack much: the count of stack slots stops it).
 */
export const DEEP_JS = `let calls = 0;
function down(n) { return down(n + 1) + 1; }
export default function act() {
  calls++;
  try { down(0); } catch (e) { if (calls === 1) console.log(String(e)); }
  if (calls === 3) JSON.parse('['.repeat(100000));
  return 'idle\\nidle\\nidle\\nidle';
}
`;

/**
 * Python, two ways: Python recursion without a base case on every call (MicroPython's own limit
 * raises, caught here), and on the third call since loading the re backtracker 100,000 deep (C
 * recursion MicroPython does not check: the call-depth limit stops it).
 */
export const DEEP_PY = `import re
calls = 0
def down(n):
    return down(n + 1) + 1
def act(state):
    global calls
    calls += 1
    try:
        down(0)
    except RuntimeError as e:
        if calls == 1:
            print(e)
    if calls == 3:
        re.match('(a|a)*c', 'a' * 100000)
    return 'idle\\nidle\\nidle\\nidle'
`;

/** WebAssembly (the bot ABI): on the third call since loading, a recursion without end in its own module. */
export function deepWasm(): Uint8Array<ArrayBuffer> {
  return assemble(`(module
    (memory (export "memory") 1)
    (global $calls (mut i32) (i32.const 0))
    (func $down (param i32) (result i32) (i32.add (call $down (i32.add (local.get 0) (i32.const 1))) (i32.const 1)))
    (func (export "alloc") (param i32) (result i32) (i32.const 1024))
    (func (export "act") (param i32 i32) (result i64)
      (global.set $calls (i32.add (global.get $calls) (i32.const 1)))
      (if (i32.eq (global.get $calls) (i32.const 3)) (then (drop (call $down (i32.const 0)))))
      (i64.const 19))
    (data (i32.const 0) "idle\\nidle\\nidle\\nidle"))`);
}
