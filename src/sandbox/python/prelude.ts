/**
 * The modules a Python bot may import: pure computation, nothing that reaches
 * the host (no os, sys, io, js, jsffi, gc, machine...). MicroPython 1.27's
 * WebAssembly port provides each.
 */
export const ALLOWED_MODULES = ['array', 'binascii', 'collections', 'heapq', 'json', 'math', 'random', 're', 'struct', 'time'] as const;

/** MicroPython's own names of those modules ('utime' behind 'time'), and the bot's own module (the host reads `act` through it). */
const PORT_NAMES = [...ALLOWED_MODULES.map((m) => `u${m}`), '__main__'];

/**
 * Run in `__main__` before the bot's code, on the load fuel: seeds `random`
 * from the seat's seed, imports `time` (which imports `micropython`, a module
 * the bot may not have) and replaces `__import__` with one that refuses every
 * module off the list. The real importer stays in a closure the bot cannot
 * reach (MicroPython functions expose no closure cells), and the setup
 * function deletes itself.
 */
export function pythonPrelude(seed: number): string {
  const allowed = [...ALLOWED_MODULES, ...PORT_NAMES].map((m) => `'${m}'`).join(', ');
  return `def __umpire_setup(seed, allowed):
    import builtins, random, time
    random.seed(seed)
    real = builtins.__import__
    def guarded(name, *rest):
        if name.split('.')[0] not in allowed:
            raise ImportError("no module named '" + name + "' in the sandbox (allowed: ${ALLOWED_MODULES.join(', ')})")
        return real(name, *rest)
    builtins.__import__ = guarded
__umpire_setup(${seed >>> 0}, (${allowed}))
del __umpire_setup
`;
}
