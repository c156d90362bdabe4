/*
 * A classic stdin/stdout Icy Projectile player in C, as contestants wrote them:
 * read the state of each turn from standard input, print four moves, flush.
 * Compiled for wasm32-wasi it runs unchanged in umpire (see scripts/build-wasi-bot.sh).
 *
 * Each child makes a snowball from the snow around it and throws it at the
 * nearest enemy it can see; with nobody in sight it walks toward the enemy's corner.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIZE 31

typedef struct {
  int x, y, standing, dazed, visible;
  char holding;
} Child;

/* Snow height (-1 unseen or a tree) per space: heights can pass 9, so cells are read as words. */
static int snow[SIZE][SIZE];
static Child kids[8];

static int read_child(Child *c) {
  char word[16];
  if (scanf("%15s", word) != 1) return 0;
  if (strcmp(word, "*") == 0) {
    c->visible = 0;
    return 1;
  }
  char stance, holding;
  sscanf(word, "%d", &c->x);
  if (scanf("%d %c %c %d", &c->y, &stance, &holding, &c->dazed) != 4) return 0;
  c->standing = stance == 'S';
  c->holding = holding;
  c->visible = 1;
  return 1;
}

static int snow_at(int x, int y) {
  if (x < 0 || y < 0 || x >= SIZE || y >= SIZE) return -1;
  return snow[x][y];
}

static int occupied(int x, int y) {
  for (int k = 0; k < 8; k++)
    if (kids[k].visible && kids[k].x == x && kids[k].y == y) return 1;
  return 0;
}

static void move(int k) {
  Child *c = &kids[k];
  char h = c->holding;
  if (c->dazed > 0) {
    printf("idle\n");
    return;
  }
  if (h == 'e' || h == 'f' || h == 'g') {
    if (!c->standing) {
      printf("stand\n");
      return;
    }
    int best = -1, best_d = 1 << 30;
    for (int e = 4; e < 8; e++) {
      if (!kids[e].visible) continue;
      int dx = kids[e].x - c->x, dy = kids[e].y - c->y, d = dx * dx + dy * dy;
      if (d < best_d) best_d = d, best = e;
    }
    if (best >= 0 && best_d <= 144) {
      printf("throw %d %d\n", c->x + 2 * (kids[best].x - c->x), c->y + 2 * (kids[best].y - c->y));
    } else {
      int dx = c->x < 28 ? 1 : c->x > 28 ? -1 : 0, dy = c->y < 28 ? 1 : c->y > 28 ? -1 : 0;
      if (dx || dy) printf("run %d %d\n", c->x + dx, c->y + dy);
      else printf("idle\n");
    }
    return;
  }
  if (h == 'b' || h == 'c' || h == 'd') {
    printf("crush\n");
    return;
  }
  if (h != 'a') {
    printf("drop %d %d\n", c->x > 0 ? c->x - 1 : 1, c->y);
    return;
  }
  if (c->standing) {
    printf("crouch\n");
    return;
  }
  static const int around[8][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
  for (int i = 0; i < 8; i++) {
    int x = c->x + around[(i + k) % 8][0], y = c->y + around[(i + k) % 8][1];
    if (snow_at(x, y) > 0 && !occupied(x, y)) {
      printf("pickup %d %d\n", x, y);
      return;
    }
  }
  printf("stand\n");
}

int main(void) {
  int turn, red, blue;
  while (scanf("%d", &turn) == 1 && turn >= 0) {
    if (scanf("%d %d", &red, &blue) != 2) return 1;
    for (int x = 0; x < SIZE; x++)
      for (int y = 0; y < SIZE; y++) {
        char cell[8];
        if (scanf("%7s", cell) != 1) return 1;
        size_t n = strlen(cell);
        snow[x][y] = cell[0] == '*' || cell[n - 1] == 'b' ? -1 : atoi(cell);
      }
    for (int k = 0; k < 8; k++)
      if (!read_child(&kids[k])) return 1;
    for (int k = 0; k < 4; k++) move(k);
    fflush(stdout);
  }
  return 0;
}
