/* A first Icy Projectile bot: each child stands up and runs toward the middle of the field.
 * Each turn: the turn (-1 at the end), the two scores, 31 lines of the field, then 8 lines of
 * children, yours first: "x y stance holding dazed", or "*" for an enemy out of sight. */
#include <stdio.h>

static int sign(int v) { return (v > 0) - (v < 0); }

int main(void) {
  int turn, mine, theirs;
  char cell[8], line[64];
  while (scanf("%d", &turn) == 1 && turn >= 0) {
    scanf("%d %d", &mine, &theirs);
    for (int i = 0; i < 31 * 31; i++) scanf("%7s", cell);
    for (int k = 0; k < 8; k++) {
      int x, y, dazed;
      char stance, holding;
      if (scanf("%63s", line) != 1 || line[0] == '*') continue;
      sscanf(line, "%d", &x);
      scanf("%d %c %c %d", &y, &stance, &holding, &dazed);
      if (k >= 4) continue; /* the other side's children */
      int dx = sign(15 - x), dy = sign(15 - y);
      if (stance == 'C') printf("stand\n");
      else if (dx == 0 && dy == 0) printf("idle\n");
      else printf("run %d %d\n", x + dx, y + dy);
    }
    fflush(stdout); /* the answer is what you wrote before reading the next turn */
  }
  return 0;
}
