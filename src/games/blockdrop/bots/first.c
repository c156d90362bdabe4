/* A first block-drop bot: attack a player in line with us, else walk on stable blocks.
 * Build: clang --target=wasm32-wasi --sysroot=/usr -O2 -o first.wasm first.c */
#include <stdio.h>

int timers[6][6], col[4], row[4], wait[4];
char dir[4][2];

int stable(int r, int c) { return r >= 0 && c >= 0 && r < 18 && c < 18 && timers[r / 3][c / 3] == 0; }

char decide(int me) {
  if (wait[me] > 0) return 'N'; /* still resting after an attack */
  for (int k = 0; k < 4; k++) {
    char toward = 0;
    if (k == me || row[k] < 0) continue;
    if (row[k] / 3 == row[me] / 3 && col[k] / 3 != col[me] / 3) toward = col[k] > col[me] ? 'R' : 'L';
    if (col[k] / 3 == col[me] / 3 && row[k] / 3 != row[me] / 3) toward = row[k] > row[me] ? 'D' : 'U';
    if (toward && stable(row[me], col[me])) return toward == dir[me][0] ? 'A' : toward; /* face it, attack */
  }
  const char *order = "xURDL";
  for (int i = 0; i < 5; i++) {
    char d = i == 0 ? dir[me][0] : order[i];
    if (stable(row[me] + (d == 'D') - (d == 'U'), col[me] + (d == 'R') - (d == 'L'))) return d;
  }
  return 'N';
}

int main(void) {
  int me, turn;
  printf("READY\n"); /* the start: say we are ready, and flush */
  fflush(stdout);
  while (scanf("%d %d", &me, &turn) == 2) { /* one turn: id, T, 36 timers, 4 players, EOD */
    for (int i = 0; i < 36; i++) scanf("%d", &timers[i / 6][i % 6]);
    for (int k = 0; k < 4; k++) scanf("%d %d %1s %d", &col[k], &row[k], dir[k], &wait[k]); /* column first */
    scanf("%*s"); /* EOD */
    printf("%c\n", decide(me));
    fflush(stdout);
  }
  return 0;
}
