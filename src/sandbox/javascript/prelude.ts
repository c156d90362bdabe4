/**
 * JavaScript evaluated inside each bot's QuickJS context before the bot. It
 * is a function expression: the host calls it once with the seed, the log
 * limit and a clock function, and keeps the helpers it returns, so a bot
 * can replace globals but never the host's handles.
 *
 * - console.log/error/warn/info/debug append to a capped log.
 * - Math.random is xoshiro128** seeded from the match (splitmix32 expansion).
 * - Date is a virtual clock: a fixed epoch plus the fuel the bot has used.
 *
 * The helpers the host calls outside the bot's own call (takeLog) run no
 * code a bot can reach: the log is a string, not an array whose prototype a
 * bot could give setters, and every built-in they use was captured before
 * the bot ran. Text handed to the host has NUL and \x01 escaped as \x01 0
 * and \x01 1, since the host reads strings as C strings (unescapeText in
 * js-bot.ts restores them).
 */
export const PRELUDE = String.raw`(function (seed, logLimit, clock) {
  'use strict';
  // Intrinsics the helpers use, taken before any bot code can replace them.
  const apply = Reflect.apply;
  const slice = String.prototype.slice;
  const indexOf = String.prototype.indexOf;
  const stringify = JSON.stringify;
  const toText = String;
  const imul = Math.imul;
  const ErrorType = Error;
  let log = '';
  let lines = 0;
  let size = 0;
  let dropped = 0;
  const escape = (text) => {
    if (apply(indexOf, text, ['\0']) < 0 && apply(indexOf, text, ['\x01']) < 0) return text;
    let out = '';
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      out += c === '\0' ? '\x010' : c === '\x01' ? '\x011' : c;
    }
    return out;
  };
  const show = (v) => {
    if (typeof v === 'string') return v;
    try {
      const s = stringify(v);
      return s === undefined ? toText(v) : s;
    } catch (e) {
      return toText(v);
    }
  };
  const write = (level, args) => {
    let text = '';
    for (let i = 0; i < args.length && text.length < logLimit; i++) text += (i ? ' ' : '') + show(args[i]);
    if (level !== 'log') text = level + ': ' + text;
    if (size + text.length + 1 > logLimit) {
      dropped++;
      return;
    }
    size += text.length + 1;
    log += (lines > 0 ? '\n' : '') + text;
    lines++;
  };
  const console = {};
  for (const level of ['log', 'error', 'warn', 'info', 'debug']) console[level] = (...args) => write(level, args);
  Object.defineProperty(globalThis, 'console', { value: console, writable: true, configurable: true });

  let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  let z = seed >>> 0;
  const mix = () => {
    z = (z + 0x9e3779b9) >>> 0;
    let t = z;
    t = imul(t ^ (t >>> 16), 0x85ebca6b);
    t = imul(t ^ (t >>> 13), 0xc2b2ae35);
    return (t ^ (t >>> 16)) >>> 0;
  };
  s0 = mix(); s1 = mix(); s2 = mix(); s3 = mix();
  const rotl = (x, k) => (x << k) | (x >>> (32 - k));
  Math.random = function random() {
    const result = imul(rotl(imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t; s3 = rotl(s3, 11);
    return result / 4294967296;
  };

  const RealDate = Date;
  class VirtualDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(clock());
      else super(...args);
    }
    static now() {
      return clock();
    }
  }
  globalThis.Date = VirtualDate;

  return {
    takeLog() {
      let text = log;
      if (dropped > 0) text += (text ? '\n' : '') + '[' + dropped + ' log line(s) dropped: log limit reached]';
      log = '';
      lines = 0;
      dropped = 0;
      return escape(text);
    },
    findAct(ns) {
      if (typeof ns.default === 'function') return ns.default;
      if (typeof ns.act === 'function') return ns.act;
      return null;
    },
    invoke(fn, input, limit) {
      const out = fn(input);
      if (typeof out !== 'string') return 'N' + (out === null ? 'null' : typeof out);
      return out.length > limit ? 'T' + escape(apply(slice, out, [0, limit])) : 'S' + escape(out);
    },
    // Runs inside the bot's call, on its fuel: a thrown value's getters are bot code.
    describe(e) {
      try {
        const text = e instanceof ErrorType ? toText(e.name) + ': ' + toText(e.message) : toText(e);
        return escape(text.length > 300 ? apply(slice, text, [0, 300]) + '...' : text);
      } catch (x) {
        return 'an unprintable value';
      }
    },
  };
})`;
