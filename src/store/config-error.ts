import { UmpireError } from '../core/errors.js';

/** STORE_UNKNOWN: STORE names no backend of this runtime; STORE_NOT_CONFIGURED: the backend's settings are missing. */
export type StoreConfigErrorCode = 'STORE_UNKNOWN' | 'STORE_NOT_CONFIGURED';

/** A storage setting that cannot work: reported when the stores are opened, before anything is served. */
export class StoreConfigError extends UmpireError<StoreConfigErrorCode> {
  constructor(code: StoreConfigErrorCode, message: string) {
    super({ code, message });
    this.name = 'StoreConfigError';
  }
}
