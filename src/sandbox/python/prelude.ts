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

import { type CompatModule, compatSource } from './compat/catalog.js';

/** MicroPython's own names of those modules ('utime' behind 'time'), and the bot's own module (the host reads `act` through it). */
const PORT_NAMES = [...ALLOWED_MODULES.map((m) => `u${m}`), '__main__'];

/** How a bot's prelude is made: its seat's seed, its style and the compatibility modules its source needs. */
export interface PreludeOptions {
  readonly seed: number;
  /** A stdin/stdout program: `sys.stdin` and `input()` read the turns' text. */
  readonly stdinProgram: boolean;
  readonly compat: readonly CompatModule[];
  /** The class layouts of the bot's source (class-layout.ts), as a Python literal. */
  readonly layouts: string;
}

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
 *
 * A module of the compatibility layer the bot's source needs is answered
 * before the list is checked: its source is compiled under its own file
 * name, run once in a namespace of its own (handed the real module it
 * extends, the class layouts, or for `sys` the three real streams, each
 * deleted before the bot sees the module) and its names copied onto a plain
 * object. The streams stay in closures of the compat `sys`; nothing else of
 * the real `sys` is handed over. The setup itself is compiled as
 * "<sandbox>", so no frame of it is mistaken for the bot's file.
 */
export function pythonPrelude(options: PreludeOptions | number): string {
  const o: PreludeOptions =
    typeof options === 'number' ? { seed: options, stdinProgram: false, compat: [], layouts: '{}' } : options;
  const compat = o.compat.map((m) => m.name);
  const allowedNames = [...new Set([...ALLOWED_MODULES, ...compat])].sort();
  const allowed = [...ALLOWED_MODULES, ...PORT_NAMES].map((m) => `'${m}'`).join(', ');
  const refusal = `"no module named '" + name + "' in the sandbox (allowed: ${allowedNames.join(', ')})"`;
  if (compat.length === 0) return classicPrelude(o.seed, allowed, refusal);
  const sources = o.compat.map((m) => `${JSON.stringify(m.name)}: ${JSON.stringify(compatSource(m.name))}`).join(', ');
  const bases = o.compat
    .filter((m) => m.extends)
    .map((m) => `'${m.name}': '${m.extends}'`)
    .join(', ');
  // Everything lives in closures of setup: its functions' __globals__ is the exec namespace, emptied at the end.
  return `def __umpire_setup(args):
    exec(compile("""
def setup(seed, allowed, compat, bases, layout, stdin_open):
    import builtins, random, time, sys
    random.seed(seed)
    real = builtins.__import__
    kind = type
    text = str
    whole = int
    refused = ImportError
    done = {}
    build_class = builtins.__build_class__
    streams = (sys.stdin.buffer if stdin_open else None, sys.stdout, sys.stderr)
    say = builtins.print
    class Module:
        pass
    def load(name):
        if name in done:
            return done[name]
        ns = {'__name__': name, '_LAYOUT': layout}
        if name in bases:
            ns['_base'] = real(bases[name], None, None, (), 0)
        if name == 'sys':
            ns['_streams'] = streams
        exec(compile(compat[name], '<python-compat>/' + name + '.py', 'exec'), ns)
        ns.pop('_base', None)
        ns.pop('_streams', None)
        module = Module()
        for key in ns:
            setattr(module, key, ns[key])
        done[name] = module
        if name == 'enum':
            builtins.__build_class__ = ns['_on_class'](build_class)
        return module
    def guarded(name, globals=None, locals=None, fromlist=(), level=0):
        if kind(level) is not whole or level != 0:
            raise refused('relative imports are not allowed in the sandbox: import a module by its full name')
        if kind(name) is not text:
            raise refused('a module name is a str')
        if name in compat:
            return load(name)
        if name.split('.')[0] not in allowed:
            raise refused(${refusal})
        return real(name, None, None, fromlist, 0)
    builtins.__import__ = guarded
    if 'sys' in compat:
        def print(*args, sep=' ', end='\\\\n', file=None, flush=False):
            if file is None:
                say(*args, sep=sep, end=end)
            elif file is streams[1] or file is streams[2]:
                say(*args, sep=sep, end=end, file=file)
            else:
                file.write((' ' if sep is None else sep).join([text(a) for a in args]) + ('\\\\n' if end is None else end))
        builtins.input = load('sys')._input
        builtins.print = print
setup(*args)
del setup, args
""", '<sandbox>', 'exec'), {'args': args})
__umpire_setup((${o.seed >>> 0}, (${allowed}), {${sources}}, {${bases}}, ${o.layouts}, ${o.stdinProgram ? 'True' : 'False'}))
del __umpire_setup
`;
}

/** The prelude of a bot that needs no compatibility module: as it has always been, so such a bot runs as before. */
function classicPrelude(seed: number, allowed: string, refusal: string): string {
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
            raise refused(${refusal})
        return real(name, None, None, fromlist, 0)
    builtins.__import__ = guarded
__umpire_setup(${seed >>> 0}, (${allowed}))
del __umpire_setup
`;
}
