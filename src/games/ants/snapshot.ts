import type { Brain } from './brain.js';
import { createState, type AntsState } from './state.js';
import type { World } from './world.js';

/**
 * Everything that changes during a match, at the start of a round, as
 * base64 of the arrays' little-endian bytes: with the world, brains and
 * seed, enough to resume the match exactly from that round.
 */
export interface AntsSnapshot {
  readonly round: number;
  readonly random: number;
  readonly food: string;
  readonly markers: readonly [string, string];
  readonly antPos: string;
  readonly antState: string;
  readonly antResting: string;
  readonly antDir: string;
  readonly antFood: string;
}

export function takeSnapshot(s: AntsState): AntsSnapshot {
  return {
    round: s.round,
    random: s.random.s,
    food: toBase64(s.food),
    markers: [toBase64(s.markers[0]), toBase64(s.markers[1])],
    antPos: toBase64(s.antPos),
    antState: toBase64(s.antState),
    antResting: toBase64(s.antResting),
    antDir: toBase64(s.antDir),
    antFood: toBase64(s.antFood),
  };
}

/** Rebuilds the state a snapshot was taken from (the world and brains are the match's own). */
export function restoreSnapshot(
  world: World,
  brains: readonly [Brain, Brain],
  snapshot: AntsSnapshot,
  rounds: number,
): AntsState {
  const s = createState(world, brains, 0, rounds);
  fromBase64(snapshot.food, s.food);
  fromBase64(snapshot.markers[0], s.markers[0]);
  fromBase64(snapshot.markers[1], s.markers[1]);
  fromBase64(snapshot.antPos, s.antPos);
  fromBase64(snapshot.antState, s.antState);
  fromBase64(snapshot.antResting, s.antResting);
  fromBase64(snapshot.antDir, s.antDir);
  fromBase64(snapshot.antFood, s.antFood);
  s.antAt.fill(-1);
  s.antPos.forEach((cell, id) => {
    if (cell >= 0) s.antAt[cell] = id;
  });
  s.hillFood.fill(0);
  for (let i = 0; i < s.cells; i++) if (s.hill[i]) s.hillFood[s.hill[i]! - 1]! += s.food[i]!;
  s.random.s = snapshot.random >>> 0;
  s.round = snapshot.round;
  return s;
}

type Typed = Uint8Array | Int32Array;

// Int32 arrays travel as their in-memory bytes: little-endian on every host we run on.
function bytesOf(array: Typed): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

function toBase64(array: Typed): string {
  const bytes = bytesOf(array);
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

function fromBase64(text: string, into: Typed): void {
  const binary = atob(text);
  const target = bytesOf(into);
  if (binary.length !== target.length)
    throw new RangeError(`snapshot array of ${binary.length} bytes where ${target.length} are expected`);
  for (let i = 0; i < binary.length; i++) target[i] = binary.charCodeAt(i);
}
