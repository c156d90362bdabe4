import { base64UrlEncode } from '../core/base64url.js';

/** A fresh random id with its kind's prefix (`lb_`, `round_`, `dlv_`). */
export const newId = (prefix: string) => `${prefix}_${base64UrlEncode(crypto.getRandomValues(new Uint8Array(12)))}`;
