// Sine and cosine from + - * / and Math.floor only, so every JS engine gives
// the same bits (Math.sin/Math.cos are not specified to be correctly rounded).

// pi/2 split in three (Cody-Waite): each part has at most 33 significant
// bits, so k * part is exact for |k| < 2^20 and theta - k * pi/2 loses
// nothing to cancellation. Accurate to ~1e-16 for |theta| up to ~1e6.
const PIO2_1 = 1.5707963267341256; // 0x3FF921FB54400000
const PIO2_2 = 6.077100506303966e-11; // 0x3DD0B4611A600000
const PIO2_3 = 2.0222662487111665e-21; // 0x3BA3198A2E000000
const TWO_OVER_PI = 0.6366197723675814;

// Taylor coefficients (-1)^n / (2n+1)! and (-1)^n / (2n)!, n >= 1. On
// [-pi/4, pi/4] the first omitted terms are below 1e-17.
const SIN: number[] = [];
const COS: number[] = [];
for (let n = 2, fact = 1, sign = -1; n <= 17; n++) {
  fact *= n; // n! is exact in a double up to 18!
  if (n % 2 === 0) COS.push(sign / fact);
  else {
    SIN.push(sign / fact);
    sign = -sign;
  }
}

function horner(coeffs: readonly number[], z: number): number {
  let acc = 0;
  for (let i = coeffs.length - 1; i >= 0; i--) acc = coeffs[i]! + z * acc;
  return acc;
}

/** [sin(theta), cos(theta)], deterministic to the bit; sinCos(0) is exactly [0, 1]. */
export function sinCos(theta: number): [number, number] {
  const k = Math.floor(theta * TWO_OVER_PI + 0.5);
  const r = theta - k * PIO2_1 - k * PIO2_2 - k * PIO2_3;
  const z = r * r;
  const s = r + r * z * horner(SIN, z);
  const c = 1 + z * horner(COS, z);
  switch (k - 4 * Math.floor(k / 4)) {
    case 0:
      return [s, c];
    case 1:
      return [c, -s];
    case 2:
      return [-s, -c];
    default:
      return [-c, s];
  }
}
