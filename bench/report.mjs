// One line per figure, as every benchmark prints it.

/** Prints a figure: its label, its value (one decimal below 100) with its unit, and its goal if it has one. */
export function report(label, value, unit, goal) {
  const shown = value >= 100 ? value.toFixed(0) : value.toFixed(1);
  console.log(`  ${label}: ${shown} ${unit}${goal ? `  (goal ${goal})` : ''}`);
}
