import antsWorlds from '../../../build/maps/ants.js';
import { fail, ok, type Problem, type Result } from '../../core/errors.js';
import { generateWorld } from './generate.js';
import { formatWorld, parseWorld, type World } from './world.js';

export interface ResolvedWorld {
  readonly world: World;
  readonly text: string;
  /** The bundled world's name, `generated:N`, or null for a world given as text. */
  readonly name: string | null;
}

export const ANTS_WORLD_NAMES: readonly string[] = Object.keys(antsWorlds);

const GENERATED = /^generated:(\d{1,10})$/;

/** A world by bundled name (`sample0`), as `generated:SEED` (section 3.1), or as the text of a world file. */
export function resolveAntsWorld(spec: string): Result<ResolvedWorld, Problem> {
  const generated = GENERATED.exec(spec);
  if (generated) {
    const seed = Number(generated[1]);
    if (seed > 0xffffffff) return fail({ code: 'UNKNOWN_WORLD', message: 'a generated world takes a seed below 2^32' });
    const world = generateWorld(seed);
    return ok({ world, text: formatWorld(world), name: spec });
  }
  const named = Object.hasOwn(antsWorlds, spec) ? antsWorlds[spec] : undefined;
  if (named === undefined && !spec.includes('\n')) {
    return fail({
      code: 'UNKNOWN_WORLD',
      message: `no world named '${spec}' (bundled: ${ANTS_WORLD_NAMES.join(', ')}; or generated:SEED, or a world file)`,
    });
  }
  const text = named ?? spec;
  const parsed = parseWorld(text);
  if (!parsed.ok) return parsed;
  return ok({ world: parsed.value, text, name: named === undefined ? null : spec });
}
