/**
 * java.util.Random, bit for bit: the 48-bit linear congruential generator
 * of the Java platform (its seed scrambled with the multiplier), as the
 * JavaChallenge 2015 engine draws starting squares from `new Random(seed)`.
 * 64-bit arithmetic through BigInt: a game draws only a few numbers.
 */
const MULTIPLIER = 0x5deece66dn;
const INCREMENT = 0xbn;
const MASK = (1n << 48n) - 1n;

export class JavaRandom {
  private state: bigint;

  /** `new Random(seed)`: any Java long (a number within 2^53, or a bigint). */
  constructor(seed: number | bigint) {
    this.state = (BigInt.asIntN(64, BigInt(seed)) ^ MULTIPLIER) & MASK;
  }

  /** The generator's step: the top `bits` (1 to 32) of the new 48-bit state, as a Java int. */
  next(bits: number): number {
    this.state = (this.state * MULTIPLIER + INCREMENT) & MASK;
    return Number(BigInt.asIntN(32, this.state >> BigInt(48 - bits)));
  }

  /**
   * `nextInt(bound)`: a power of two takes the high bits of one draw; any
   * other bound draws 31 bits and redraws the few values at the top of the
   * range that would favour small results (the check overflows a Java int,
   * as the platform's does).
   */
  nextInt(bound: number): number {
    if (!Number.isInteger(bound) || bound <= 0 || bound > 0x7fffffff)
      throw new RangeError(`bound must be a positive int, got ${bound}`);
    const top = bound - 1;
    let draw = this.next(31);
    if ((bound & top) === 0) return Number((BigInt(bound) * BigInt(draw)) >> 31n);
    for (;;) {
      const value = draw % bound;
      if (((draw - value + top) | 0) >= 0) return value;
      draw = this.next(31);
    }
  }
}
