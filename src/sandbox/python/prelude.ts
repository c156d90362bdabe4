/**
 * The modules a Python bot may import: pure computation, nothing that reaches
 * the host (no os, sys, io, js, jsffi, gc, machine...). MicroPython 1.27's
 * WebAssembly port provides each.
 */
export const ALLOWED_MODULES = [
  'array',
  'binascii',
  'collections',
  'heapq',
  'json',
  'math',
  'random',
  're',
  'struct',
  'time',
] as const;

/** MicroPython's own names of those modules ('utime' behind 'time'), and the bot's own module (the host reads `act` through it). */
const PORT_NAMES = [...ALLOWED_MODULES.map((m) => `u${m}`), '__main__'];

/**
 * Run in `__main__` before the bot's code, on the load fuel: seeds `random`
 * from the seat's seed, imports `time` (which imports `micropython`, a module
 * the bot may not have) and replaces `__import__` with one that refuses every
 * module off the list. The real importer stays in a closure the bot cannot
 * reach (MicroPython functions expose no closure cells), and the setup
 * function deletes itself.
 *
 * The guard takes the importer's parameters by name, so every call shape
 * (positional, keywords, `**kwargs`, the import statement's own call) lands
 * in the same checks, and it hands the real importer only a level of 0 it
 * wrote itself: a relative import resolves against the caller's `__name__`,
 * `__package__` and `__path__`, which the bot can set to anything ('js.x'
 * once reached the `js` package), so every level but the int 0 is refused.
 * The builtins the checks use (type, str, int, ImportError) are bound in the
 * closure too: the guard's globals are the bot's `__main__`, where the bot
 * can rebind any of those names.
 */
export function pythonPrelude(seed: number): string {
  const allowed = [...ALLOWED_MODULES, ...PORT_NAMES].map((m) => `'${m}'`).join(', ');
  return `def __umpire_setup(seed, allowed):
    import builtins, random, time
    random.seed(seed)
    real = builtins.__import__
    kind = type
    text = str
    whole = int
    refused = ImportError
    def guarded(name, globals=None, locals=None, fromlist=(), level=0):
        if kind(level) is not whole or level != 0:
            raise refused('relative imports are not allowed in the sandbox: import a module by its full name')
        if kind(name) is not text:
            raise refused('a module name is a str')
        if name.split('.')[0] not in allowed:
            raise refused("no module named '" + name + "' in the sandbox (allowed: ${ALLOWED_MODULES.join(', ')})")
        return real(name, None, None, fromlist, 0)
    builtins.__import__ = guarded
__umpire_setup(${seed >>> 0}, (${allowed}))
del __umpire_setup
`;
}
