// Capture (ICPC Challenge 2009): the built-in DoNothingPlayer. Bumpers stay
// put and the sled drives straight across the field.
export default function act() {
  return '0 0 0 0 0';
}
