// The budgets of both sides of the differential: fuel far beyond any turn of the players used
// (the most the API accepts), so that no time limit decides a game (the safety cap on CPU time,
// ten times a call's fuel, is far beyond any turn too). The Java side gets matching time limits (see run.mjs).
export const GENEROUS = Object.freeze({
  firstTurnFuel: 50_000_000_000,
  turnFuel: 50_000_000_000,
  timeBankFuel: 0,
  loadFuel: 50_000_000_000,
});
