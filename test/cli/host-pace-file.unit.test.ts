import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SLOWNESS_KEPT_MS, slownessFile } from '../../src/cli/host-pace-file.js';

const fileIn = () => join(mkdtempSync(join(tmpdir(), 'umpire-pace-')), 'sub', 'host-slowness.json');

describe('the host slowness kept between runs of the CLI', () => {
  it('recalls what an earlier run kept, within the hour', () => {
    const file = fileIn();
    let now = 1_000_000;
    slownessFile(file, () => now).keep(2.5);
    now += SLOWNESS_KEPT_MS - 1;
    expect(slownessFile(file, () => now).recall()).toBe(2.5);
  });

  it('measures again once the hour is over, or when nothing was kept', () => {
    const file = fileIn();
    let now = 1_000_000;
    expect(slownessFile(file, () => now).recall()).toBeUndefined();
    slownessFile(file, () => now).keep(3);
    now += SLOWNESS_KEPT_MS;
    expect(slownessFile(file, () => now).recall()).toBeUndefined();
  });

  it('ignores a file kept for another host, or not a kept slowness at all', () => {
    const file = fileIn();
    slownessFile(file, () => 5).keep(1.5);
    const other = join(file, '..', 'other.json');
    writeFileSync(other, JSON.stringify({ host: 'another machine', slowness: 9, measuredAt: 5 }));
    expect(slownessFile(other, () => 5).recall()).toBeUndefined();
    writeFileSync(other, '{ not json');
    expect(slownessFile(other, () => 5).recall()).toBeUndefined();
  });
});
