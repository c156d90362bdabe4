// Block drop (JavaChallenge 2015): a random player. It prints READY when the
// match starts (an empty input), then one random command a turn. Math.random
// is seeded from the match seed, so its games are reproducible.
const COMMANDS = ['U', 'R', 'D', 'L', 'A', 'N'];

export default function act(input) {
  if (input.trim() === '') return 'READY';
  return COMMANDS[Math.floor(Math.random() * COMMANDS.length)];
}
