import { wat } from './hostile-match.js';

/**
 * A WebAssembly Icy bot that outruns its fuel for real: init fills a table
 * of 32 MB with a full-cycle LCG (x -> 1103515245 x + 12345 mod 2^23), and
 * each call follows it for 10^8 steps, one dependent load a step. Every
 * step misses the caches (and the TLB), so a step's fuel (about 22) stands
 * for some 200 times less time than it takes: the safety cap, not fuel,
 * stops each call. It would answer four idle children.
 */
export const CHASE_BOT = wat(`(module
  (memory (export "memory") 600)
  (data (i32.const 0) "idle\\nidle\\nidle\\nidle\\n")
  (func (export "alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "init") (local $i i32)
    (loop $fill
      (i32.store offset=65536 (i32.shl (local.get $i) (i32.const 2))
        (i32.and (i32.add (i32.mul (local.get $i) (i32.const 1103515245)) (i32.const 12345)) (i32.const 0x7fffff)))
      (br_if $fill (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 1))) (i32.const 0x800000)))))
  (func (export "act") (param i32 i32) (result i64) (local $p i32) (local $k i32)
    (local.set $k (i32.const 100000000))
    (loop $chase
      (local.set $p (i32.load offset=65536 (i32.shl (local.get $p) (i32.const 2))))
      (br_if $chase (local.tee $k (i32.sub (local.get $k) (i32.const 1)))))
    (i64.const 20)))`);
