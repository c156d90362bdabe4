/*
 * A classic stdin/stdout block-drop (JavaChallenge 2015) player in C: print
 * READY, then each turn read the input up to EOD and print one command
 * (U, R, D, L, A or N), flushing after each line. Compiled for wasm32-wasi it
 * runs unchanged in umpire (see scripts/build-wasi-bot.sh).
 *
 * Like src/games/blockdrop/bots/hunter.as.ts: line up with the nearest player's
 * row or column of blocks, face it and attack; otherwise step toward it on
 * squares that are not about to drop.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCKS 6
#define PLAYERS 4

static int blocks[BLOCKS][BLOCKS];
static int rows[PLAYERS], cols[PLAYERS], cooldown[PLAYERS];
static char dirs[PLAYERS];

static int safe(int row, int col) {
  if (row < 0 || col < 0 || row > 17 || col > 17) return 0;
  int t = blocks[row / 3][col / 3];
  return t == 0 || t > 8;
}

static char decide(int id) {
  if (cooldown[id] > 0) return 'N';
  int target = -1, best = 1000;
  for (int k = 0; k < PLAYERS; k++) {
    if (k == id || rows[k] < 0) continue;
    int d = abs(rows[k] - rows[id]) + abs(cols[k] - cols[id]);
    if (d < best) best = d, target = k;
  }
  if (target < 0) return 'N';
  int br = rows[id] / 3, bc = cols[id] / 3, tr = rows[target] / 3, tc = cols[target] / 3;
  char want = 0;
  if (br == tr && bc != tc) want = tc > bc ? 'R' : 'L';
  else if (bc == tc && br != tr) want = tr > br ? 'D' : 'U';
  if (want) return dirs[id] == want ? 'A' : want;
  char vertical = tr > br ? 'D' : 'U', horizontal = tc > bc ? 'R' : 'L';
  char order[6] = {vertical, horizontal, 'U', 'R', 'D', 'L'};
  if (abs(tr - br) > abs(tc - bc)) order[0] = horizontal, order[1] = vertical;
  for (int i = 0; i < 6; i++) {
    char d = order[i];
    int dr = d == 'U' ? -1 : d == 'D' ? 1 : 0, dc = d == 'L' ? -1 : d == 'R' ? 1 : 0;
    if (safe(rows[id] + dr, cols[id] + dc)) return d;
  }
  return 'N';
}

int main(void) {
  int id, turn;
  printf("READY\n");
  fflush(stdout);
  while (scanf("%d %d", &id, &turn) == 2) {
    if (id < 0 || id >= PLAYERS) return 1;
    for (int r = 0; r < BLOCKS; r++)
      for (int c = 0; c < BLOCKS; c++)
        if (scanf("%d", &blocks[r][c]) != 1) return 1;
    for (int k = 0; k < PLAYERS; k++) {
      char dir[8];
      /* The engine writes each player's column first, then its row. */
      if (scanf("%d %d %7s %d", &cols[k], &rows[k], dir, &cooldown[k]) != 4) return 1;
      dirs[k] = dir[0];
    }
    char eod[8];
    if (scanf("%7s", eod) != 1 || strcmp(eod, "EOD") != 0) return 1;
    printf("%c\n", decide(id));
    fflush(stdout);
  }
  return 0;
}
