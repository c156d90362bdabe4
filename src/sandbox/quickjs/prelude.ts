/**
 * JavaScript evaluated inside each bot's QuickJS context before the bot. It
 * is a function expression: the host calls it once with the seed, the log
 * limit and a clock function, and keeps the helpers it returns, so a bot
 * can replace globals but never the host's handles.
 *
 * - console.log/error/warn/info/debug append to a capped log.
 * - Math.random is xoshiro128** seeded from the match (splitmix32 expansion).
 * - Date is a virtual clock: a fixed epoch plus the fuel the bot has used.
 */
export const PRELUDE = String.raw`(function (seed, logLimit, clock) {
  'use strict';
  // Intrinsics the helpers use, taken before any bot code can replace them.
  const apply = Reflect.apply;
  const join = Array.prototype.join;
  const slice = String.prototype.slice;
  const stringify = JSON.stringify;
  const toText = String;
  const ErrorType = Error;
  const lines = [];
  let size = 0;
  let dropped = 0;
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
    lines[lines.length] = text;
  };
  const console = {};
  for (const level of ['log', 'error', 'warn', 'info', 'debug']) console[level] = (...args) => write(level, args);
  Object.defineProperty(globalThis, 'console', { value: console, writable: true, configurable: true });

  let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  let z = seed >>> 0;
  const mix = () => {
    z = (z + 0x9e3779b9) >>> 0;
    let t = z;
    t = Math.imul(t ^ (t >>> 16), 0x85ebca6b);
    t = Math.imul(t ^ (t >>> 13), 0xc2b2ae35);
    return (t ^ (t >>> 16)) >>> 0;
  };
  s0 = mix(); s1 = mix(); s2 = mix(); s3 = mix();
  const rotl = (x, k) => (x << k) | (x >>> (32 - k));
  Math.random = function random() {
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
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
      let text = apply(join, lines, ['\n']);
      if (dropped > 0) text += (text ? '\n' : '') + '[' + dropped + ' log line(s) dropped: log limit reached]';
      lines.length = 0;
      dropped = 0;
      return text;
    },
    findAct(ns) {
      if (typeof ns.default === 'function') return ns.default;
      if (typeof ns.act === 'function') return ns.act;
      return null;
    },
    invoke(fn, input, limit) {
      const out = fn(input);
      if (typeof out !== 'string') return 'N' + (out === null ? 'null' : typeof out);
      return out.length > limit ? 'T' + apply(slice, out, [0, limit]) : 'S' + out;
    },
    describe(e) {
      try {
        const text = e instanceof ErrorType ? toText(e.name) + ': ' + toText(e.message) : toText(e);
        return text.length > 300 ? apply(slice, text, [0, 300]) + '...' : text;
      } catch (x) {
        return 'an unprintable value';
      }
    },
  };
})`;
