import { Ground, Holding, LARGE, MEDIUM, SMALL, type Team } from './constants.js';

/**
 * Snowball stacks: the contents of a space as its snowball sizes, bottom first.
 * Trees and snowmen of both colors map to their own codes.
 */
const STACKS: Readonly<Record<number, readonly number[]>> = {
  [Ground.EMPTY]: [],
  [Ground.SMALL]: [SMALL],
  [Ground.MEDIUM]: [MEDIUM],
  [Ground.SMALL_ON_MEDIUM]: [MEDIUM, SMALL],
  [Ground.LARGE]: [LARGE],
  [Ground.MEDIUM_ON_LARGE]: [LARGE, MEDIUM],
  [Ground.SMALL_ON_LARGE]: [LARGE, SMALL],
  [Ground.RED_SNOWMAN]: [LARGE, MEDIUM, SMALL],
  [Ground.BLUE_SNOWMAN]: [LARGE, MEDIUM, SMALL],
};

export function stackOf(ground: number): readonly number[] {
  return STACKS[ground] ?? [];
}

/** The contents code of a stack of snowballs (bottom first). */
export function groundOf(stack: readonly number[], owner: Team): Ground {
  switch (stack.length) {
    case 0:
      return Ground.EMPTY;
    case 1:
      return stack[0] === SMALL ? Ground.SMALL : stack[0] === MEDIUM ? Ground.MEDIUM : Ground.LARGE;
    case 2:
      if (stack[0] === MEDIUM) return Ground.SMALL_ON_MEDIUM;
      return stack[1] === MEDIUM ? Ground.MEDIUM_ON_LARGE : Ground.SMALL_ON_LARGE;
    default:
      return owner === 0 ? Ground.RED_SNOWMAN : Ground.BLUE_SNOWMAN;
  }
}

export function isSnowman(ground: number): boolean {
  return ground === Ground.RED_SNOWMAN || ground === Ground.BLUE_SNOWMAN;
}

/**
 * Contents after a snowball of `size` is dropped (section 1.2): it smashes
 * every ball of equal or smaller size into powder, then rests on what is
 * left. Three stacked balls are a snowman of the dropper's team. The height
 * does not depend on this: powder and balls both count.
 */
export function dropSnowball(ground: number, size: number, team: Team): Ground {
  const kept = stackOf(ground).filter((s) => s > size);
  kept.push(size);
  return groundOf(kept, team);
}

/** Size of a snowball a child holds as a single ball, or 0. */
export function heldSize(h: Holding): number {
  switch (h) {
    case Holding.SMALL_1:
    case Holding.SMALL_2:
    case Holding.SMALL_3:
      return SMALL;
    case Holding.MEDIUM:
      return MEDIUM;
    case Holding.LARGE:
      return LARGE;
    default:
      return 0;
  }
}

export function powderHeld(h: Holding): number {
  return h >= Holding.POWDER_1 && h <= Holding.POWDER_3 ? h : 0;
}

export function smallsHeld(h: Holding): number {
  return h >= Holding.SMALL_1 && h <= Holding.SMALL_3 ? h - Holding.SMALL_1 + 1 : 0;
}

/** What a child holds after picking up one unit of powder, or null if it cannot. */
export function addPowder(h: Holding): Holding | null {
  if (h === Holding.EMPTY) return Holding.POWDER_1;
  if (h === Holding.POWDER_1 || h === Holding.POWDER_2) return (h + 1) as Holding;
  return null;
}

/** What a child holds after picking up a snowball of `size`, or null if it cannot. */
export function addSnowball(h: Holding, size: number): Holding | null {
  if (size === SMALL) {
    if (h === Holding.EMPTY) return Holding.SMALL_1;
    if (h === Holding.SMALL_1 || h === Holding.SMALL_2) return (h + 1) as Holding;
    return null;
  }
  if (h !== Holding.EMPTY) return null;
  return size === MEDIUM ? Holding.MEDIUM : Holding.LARGE;
}
