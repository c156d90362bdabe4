import { describe, expect, it } from 'vitest';
import { fieldLabel, seatLabel } from '../../src/web/field-labels.js';
import { failureText, msText, resultSentence, shareText, timeUsed } from '../../src/web/match-facts.js';
import { seatsOf } from '../../src/web/match-summary.js';

// What the match page says of a record, in a player's words, on records shaped as each game stores them.

const FUEL_PER_MS = 26_000_000;
const budgets = { firstTurnFuel: 1000 * FUEL_PER_MS, turnFuel: 500 * FUEL_PER_MS, timeBankFuel: 0 };

const icy = {
  status: 'finished',
  winner: 'red',
  decidedBy: 'score',
  scores: { red: { total: 430, hits: 430, domainSum: 0 }, blue: { total: 0, hits: 0, domainSum: 0 } },
  turns: 180,
  bots: {
    red: { name: 'hunter.js', kind: 'js', fuel: 32_084 * FUEL_PER_MS, errors: 0 },
    blue: { name: 'random.js', kind: 'js', fuel: 1_000_000, errors: 2, timeouts: 1 },
  },
  manifest: { budgets },
};

describe('the match facts', () => {
  it('says the result as a sentence: who, by what score, how, after how long', () => {
    expect(resultSentence(icy, seatsOf(icy))).toBe('Red (hunter.js) won 430 to 0 on score after 180 turns.');
    const blueWins = { ...icy, winner: 'blue', scores: { red: { total: 2 }, blue: { total: 9 } } };
    expect(resultSentence(blueWins, seatsOf(blueWins))).toBe('Blue (random.js) won 9 to 2 on score after 180 turns.');
    const draw = { ...icy, winner: null, decidedBy: 'score', scores: { red: 3, blue: 3 } };
    expect(resultSentence(draw, seatsOf(draw))).toBe('A draw at 3 to 3 after 180 turns.');
    const ants = {
      status: 'finished',
      winner: 'black',
      decidedBy: 'food',
      rounds: 100_000,
      scores: { red: { food: 0, alive: 87 }, black: { food: 15, alive: 91 } },
      bots: { red: { name: 'a.ant' }, black: { name: 'b.ant' } },
    };
    expect(resultSentence(ants, seatsOf(ants))).toBe('Black (b.ant) won 15 to 0 on food after 100,000 rounds.');
  });

  it('names a forfeit and a numbered player', () => {
    const forfeit = {
      ...icy,
      decidedBy: 'forfeit',
      forfeit: 'blue',
      turns: 0,
      bots: { red: { name: 'a.js' }, blue: { name: 'b.js', forfeit: { code: 'BUNDLE_SYNTAX', message: 'x' } } },
    };
    expect(resultSentence(forfeit, seatsOf(forfeit))).toBe(
      'Red (a.js) won because Blue (b.js) forfeited before the first turn.',
    );
    const blockdrop = {
      status: 'finished',
      winner: 2,
      turns: 54,
      players: [{ name: 'a' }, { name: 'b' }, { name: 'c' }],
    };
    expect(resultSentence(blockdrop, seatsOf(blockdrop))).toBe('Player 2 (c) won after 54 turns.');
    expect(resultSentence({ status: 'failed' }, [])).toBe('This match is failed.');
  });

  it('gives time used in milliseconds of the budget of the turns played, fuel kept beside', () => {
    const red = timeUsed(icy.bots.red, icy, FUEL_PER_MS)!;
    expect(red.usedMs).toBe(32_084);
    expect(red.budgetMs).toBe(1000 + 179 * 500);
    expect(`${msText(red.usedMs)} of ${msText(red.budgetMs)} (${shareText(red.usedMs, red.budgetMs)})`).toBe(
      '32,084 ms of 90,500 ms (35.5%)',
    );
    expect(msText(0.04)).toBe('0.04 ms');
    expect(shareText(1, 100_000)).toBe('<0.1%');
    // A player that fell had the budget of the turns it played; a text bot counts no fuel.
    const fell = timeUsed({ fuel: 0, fellAt: 13 }, { turns: 54, manifest: { budgets } }, FUEL_PER_MS)!;
    expect(fell.budgetMs).toBe(1000 + 12 * 500);
    expect(timeUsed({ name: 'a.ant' }, icy, FUEL_PER_MS)).toBeNull();
    expect(timeUsed(icy.bots.red, { ...icy, manifest: undefined }, FUEL_PER_MS)).toBeNull();
  });

  it('puts failures and field names in words', () => {
    expect(failureText(icy.bots.blue)).toBe('2 errors, 1 time-out');
    expect(failureText(icy.bots.red)).toBe('');
    expect(fieldLabel('domainSums')).toBe('Domain sums');
    expect(fieldLabel('hitScores')).toBe('Hit scores');
    expect(fieldLabel('someNewField_x')).toBe('Some new field x');
    expect(seatLabel('3')).toBe('Player 3');
    expect(seatLabel('red')).toBe('Red');
  });
});
