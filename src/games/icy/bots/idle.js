// The smallest Icy Projectile bot: every child idles, every turn.
export default function act() {
  return 'idle\nidle\nidle\nidle\n';
}
