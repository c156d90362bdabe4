/*
 * The smallest Icy Projectile player for the original engine (icypc.jar, syncpipe):
 * it reads each turn (turn number, score, 31 x 31 cells, 8 children) and idles its
 * four children. `-1` or the end of input ends it. bench/cli-start.mjs builds it.
 */
#include <stdio.h>
#include <stdlib.h>

static int token(char *buf) { return scanf("%31s", buf) == 1; }

int main(void) {
  char buf[32];
  for (;;) {
    if (!token(buf) || atoi(buf) < 0) return 0;
    for (int i = 0; i < 2 + 31 * 31; i++)
      if (!token(buf)) return 0;
    for (int k = 0; k < 8; k++) {
      if (!token(buf)) return 0;
      if (buf[0] == '*') continue;
      for (int i = 0; i < 4; i++)
        if (!token(buf)) return 0;
    }
    fputs("idle\nidle\nidle\nidle\n", stdout);
    fflush(stdout);
  }
}
