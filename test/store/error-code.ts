import { StoreError } from '../../src/store/contract/errors.js';

/** 'ok' if the store call succeeds, else the StoreError's code (anything else is named as not one). */
export async function code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (e) {
    return e instanceof StoreError ? e.code : `not a StoreError: ${String(e)}`;
  }
}
