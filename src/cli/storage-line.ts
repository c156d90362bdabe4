import type { OpenedStores } from '../store/backend.js';

/**
 * Where an opened storage keeps its data, in one line for people: the
 * backend (STORE) and the places it names (`where`: a data folder, a bucket
 * and a table). `umpire tournament` and `umpire keys` print it.
 */
export function describeStorage(opened: Pick<OpenedStores, 'backend' | 'where'>): string {
  const places = opened.where.map((line) => line.replace(/^storage: /, ''));
  return `storage: ${opened.backend} (${places.join('; ')})`;
}
