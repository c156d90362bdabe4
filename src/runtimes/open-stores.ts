import type { OpenedStores } from '../store/backend.js';
import { openStores } from '../store/factory.js';
import type { StorageChoice } from './kit.js';

/** Opens the stores the settings choose among a runtime's backends (a StoreConfigError when none fits). */
export function openRuntimeStores(
  choice: StorageChoice,
  env: Readonly<Record<string, string | undefined>>,
): Promise<OpenedStores> {
  return openStores(choice.backends, { env, ...(choice.fallback ? { fallback: choice.fallback } : {}) });
}
