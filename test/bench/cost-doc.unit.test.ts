import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a doc script in plain JavaScript, without declarations
import { FILE, INPUTS, costTables, withCostTables } from '../../scripts/cost-doc.mjs';

describe('docs/cost.md', () => {
  it('has the tables scripts/cost-doc.mjs makes from bench/cost-inputs.json', () => {
    const page = readFileSync(FILE, 'utf8');
    const inputs = JSON.parse(readFileSync(INPUTS, 'utf8'));
    expect(withCostTables(page, costTables(inputs))).toBe(page);
  });
});
