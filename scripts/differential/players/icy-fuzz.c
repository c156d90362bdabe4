/*
 * icy-fuzz: a seeded fuzz player for Icy Projectile (ICPC Challenge 2010/2011),
 * for differential testing of umpire's engine against the original Java engine.
 *
 * It speaks the classic stdin/stdout protocol: read a turn, print four moves,
 * flush; `-1` (or the end of input) ends it. All its randomness comes from 8
 * bytes of getentropy() (WASI random_get) read once at start, so it is fully
 * determined by its input and that seed. Every line it prints is one keyword,
 * or one keyword and two decimal integers within -100..100, and it prints
 * exactly four lines per turn: both engines tokenize the same text.
 *
 * The seed picks a personality (chaos, builders, snipers, runners, brawl,
 * mixed), each a mix of per-child roles plus team-level knobs: how often a
 * move is replaced by a random (often invalid) one, how often two children
 * are sent to contend for one space, how often they throw at each other.
 * Over many seeds the games cover every action kind with valid and invalid
 * arguments, snowman building, throws at moving children and snowmen,
 * catches, knockback chains and contention.
 *
 * Build: clang --target=wasm32-wasi --sysroot=/usr -O2 -o icy-fuzz.wasm icy-fuzz.c -lm
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define N 31
#define LIM 100 /* every printed coordinate stays within -LIM..LIM */

enum { A_IDLE, A_CROUCH, A_STAND, A_CRUSH, A_RUN, A_CRAWL, A_PICKUP, A_DROP, A_THROW, A_CATCH, A_KINDS };
static const char *const NAME[A_KINDS] = {"idle", "crouch", "stand", "crush", "run",
                                          "crawl", "pickup", "drop", "throw", "catch"};

enum { R_CHAOS, R_BUILDER, R_SNIPER, R_RUNNER, R_CATCHER, R_BRAWLER, R_PACKER, R_ROLES };
enum { P_CHAOS, P_BUILD, P_SNIPE, P_RUN, P_BRAWL, P_MIX, P_COUNT };

typedef struct {
  int k, x, y;
} Act;

typedef struct {
  int vis, x, y, standing, dazed;
  char hold;
} Kid;

typedef struct {
  int role;
  int has_goal, gx, gy, timer;
  int hoard;      /* small snowballs a sniper holds before throwing */
  int build_mode; /* where a builder puts its snowmen */
  int pack_hold;  /* powder a packer gathers before dropping it */
} Mem;

/* ---------------------------------------------------------------- random */

static uint64_t rng_state;

static uint64_t next64(void) {
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

static int rnd(int n) { return n <= 1 ? 0 : (int)(next64() % (uint64_t)n); }
static int rr(int lo, int hi) { return hi <= lo ? lo : lo + rnd(hi - lo + 1); }
static int pm(int per_mille) { return rnd(1000) < per_mille; }

static int pick_weighted(const int *w, int n) {
  int total = 0;
  for (int i = 0; i < n; i++) total += w[i];
  int r = rnd(total);
  for (int i = 0; i < n; i++) {
    if (r < w[i]) return i;
    r -= w[i];
  }
  return 0;
}

/* ----------------------------------------------------------------- state */

static int H[N][N];  /* snow height, -1 where not visible */
static char G[N][N]; /* ground letter a..j, '?' where not visible */
static unsigned char tree_seen[N][N];
static Kid kid[8], prev_kid[8];
static int have_prev;
static int seen_x[8], seen_y[8], seen_ok[8]; /* last place each enemy was seen */
static Mem mem[4];
static Act plan[4];
static int fixed_act[4];     /* set by a coordinated event: no noise on top */
static int throw_victim[4];  /* own child a planned throw aims at, or -1 */
static int victim;           /* the teammate brawlers gang up on this turn */

static struct {
  int pers;
  int eps;    /* per mille: a move replaced by a random one */
  int cont;   /* per mille per turn: a coordinated contention event */
  int ff;     /* per mille: a thrower considers its own teammates */
  int sw;     /* per mille per child per turn: the role changes */
  int dazed;  /* per mille: a dazed child still asks for its move */
  int fcatch; /* per mille: a teammate under friendly fire tries to catch */
} cfg;

/* --------------------------------------------------------------- helpers */

static int in_field(int x, int y) { return x >= 0 && y >= 0 && x < N && y < N; }
static int iabs(int v) { return v < 0 ? -v : v; }
static int cheb(int ax, int ay, int bx, int by) {
  int dx = iabs(ax - bx), dy = iabs(ay - by);
  return dx > dy ? dx : dy;
}
static int dist2(int ax, int ay, int bx, int by) { return (ax - bx) * (ax - bx) + (ay - by) * (ay - by); }
static int clampc(int v) { return v < -LIM ? -LIM : v > LIM ? LIM : v; }
static int clampf(int v) { return v < 0 ? 0 : v > N - 1 ? N - 1 : v; }

static int h_powder(char h) { return h == 'b' ? 1 : h == 'c' ? 2 : h == 'd' ? 3 : 0; }
static int h_small(char h) { return h == 'e' ? 1 : h == 'f' ? 2 : h == 'g' ? 3 : 0; }
static int h_ball(char h) { return h_small(h) ? 1 : h == 'h' ? 2 : (h == 'i' || h == 'j') ? 3 : 0; }
/* Units of height one drop adds. */
static int h_drop(char h) { return h_powder(h) ? h_powder(h) : h_ball(h); }
static int can_catch(char h) { return h == 'a' || h == 'e' || h == 'f'; }

static int kid_at(int x, int y) {
  for (int k = 0; k < 8; k++)
    if (kid[k].vis && kid[k].x == x && kid[k].y == y) return k;
  return -1;
}

static int known(int x, int y) { return in_field(x, y) && H[x][y] >= 0; }
static int is_tree(int x, int y) { return in_field(x, y) && (G[x][y] == 'b' || tree_seen[x][y]); }
static int walkable(int x, int y) { return known(x, y) && H[x][y] < 6 && !is_tree(x, y) && kid_at(x, y) < 0; }
/* A neighbor a child could pick powder from. */
static int powder_at(int x, int y) { return known(x, y) && G[x][y] == 'a' && H[x][y] > 0 && kid_at(x, y) < 0; }
static int droppable(int x, int y, int amount) {
  return known(x, y) && !is_tree(x, y) && kid_at(x, y) < 0 && H[x][y] + amount <= 9;
}

static void set(Act *a, int k, int x, int y) {
  a->k = k;
  a->x = clampc(x);
  a->y = clampc(y);
}
static void set0(Act *a, int k) { set(a, k, 0, 0); }

/* Where a planned move ends (for aiming at moving teammates). */
static void plan_dest(int k, int *x, int *y) {
  *x = kid[k].x;
  *y = kid[k].y;
  if (k < 4 && (plan[k].k == A_RUN || plan[k].k == A_CRAWL) && in_field(plan[k].x, plan[k].y)) {
    *x = plan[k].x;
    *y = plan[k].y;
  }
}

static void orient(int *dx, int *dy) {
  if (rnd(2)) {
    int t = *dx;
    *dx = *dy;
    *dy = t;
  }
  if (rnd(2)) *dx = -*dx;
  if (rnd(2)) *dy = -*dy;
}

/* A random neighbor (8 directions) of (x, y) satisfying ok, or 0. */
typedef int (*Pred)(int x, int y, int arg);
static int pred_powder(int x, int y, int arg) { (void)arg; return powder_at(x, y); }
static int pred_small(int x, int y, int arg) { (void)arg; return known(x, y) && kid_at(x, y) < 0 && (G[x][y] == 'c' || G[x][y] == 'e' || G[x][y] == 'h'); }
static int pred_drop(int x, int y, int arg) { return droppable(x, y, arg); }
static int pred_drop_plain(int x, int y, int arg) { return droppable(x, y, arg) && G[x][y] == 'a'; }
static int pred_walk(int x, int y, int arg) { (void)arg; return walkable(x, y); }
static int pred_tree(int x, int y, int arg) { (void)arg; return is_tree(x, y); }

static int pick_neighbor(int cx, int cy, Pred ok, int arg, int avoid_x, int avoid_y, int *ox, int *oy) {
  int n = 0;
  for (int dx = -1; dx <= 1; dx++)
    for (int dy = -1; dy <= 1; dy++) {
      int x = cx + dx, y = cy + dy;
      if ((dx == 0 && dy == 0) || (x == avoid_x && y == avoid_y) || !ok(x, y, arg)) continue;
      if (rnd(++n) == 0) *ox = x, *oy = y;
    }
  return n > 0;
}

static int count_neighbors(int cx, int cy, Pred ok, int arg) {
  int n = 0;
  for (int dx = -1; dx <= 1; dx++)
    for (int dy = -1; dy <= 1; dy++)
      if ((dx || dy) && ok(cx + dx, cy + dy, arg)) n++;
  return n;
}

/* One move toward (tx, ty), ending `stop` spaces (Chebyshev) short of it. 0 when stuck. */
static int step_toward(int k, int tx, int ty, int stop, Act *a) {
  Kid *c = &kid[k];
  int best = 1 << 30, bx = 0, by = 0;
  int cur = cheb(c->x, c->y, tx, ty);
  if (!c->standing && pm(850)) {
    set0(a, A_STAND);
    return 1;
  }
  for (int dx = -2; dx <= 2; dx++)
    for (int dy = -2; dy <= 2; dy++) {
      int q = dx * dx + dy * dy;
      if (q == 0 || q > (c->standing ? 4 : 1)) continue;
      int x = c->x + dx, y = c->y + dy;
      if (!walkable(x, y)) continue;
      if ((iabs(dx) == 2 || iabs(dy) == 2) && !walkable(c->x + dx / 2, c->y + dy / 2)) continue;
      int ch = cheb(x, y, tx, ty);
      int s = (ch > stop ? ch - stop : 0) * 1000 + (ch < stop ? 500 : 0) + dist2(x, y, tx, ty) * 4 + rnd(4);
      if (s < best) best = s, bx = x, by = y;
    }
  if (best == 1 << 30 || cur == stop) return 0;
  set(a, c->standing ? A_RUN : A_CRAWL, bx, by);
  return 1;
}

static int nearest_enemy(int k, int max_d2, int need_balls) {
  int best = -1, bd = max_d2 + 1;
  for (int e = 4; e < 8; e++) {
    if (!kid[e].vis || (need_balls && !h_small(kid[e].hold))) continue;
    int d = dist2(kid[k].x, kid[k].y, kid[e].x, kid[e].y);
    if (d < bd || (d == bd && rnd(2))) bd = d, best = e;
  }
  return best;
}

/* Where to go to meet the enemy: the nearest place an enemy was last seen, or their corner. */
static void enemy_goal(int k, int *x, int *y) {
  int best = 1 << 30;
  *x = rr(24, 30);
  *y = rr(24, 30);
  for (int e = 4; e < 8; e++) {
    if (!seen_ok[e]) continue;
    int d = dist2(kid[k].x, kid[k].y, seen_x[e], seen_y[e]);
    if (d < best) best = d, *x = seen_x[e], *y = seen_y[e];
  }
}

/* A throw from child k toward (px, py), stretched by one of a few styles. */
static int throw_toward(int k, int px, int py, Act *a) {
  Kid *c = &kid[k];
  int dx = px - c->x, dy = py - c->y;
  if (dx == 0 && dy == 0) return 0;
  static const int style_w[] = {10, 15, 30, 15, 30};
  static const double factor[] = {1.0, 1.5, 2.0, 3.0, 100.0};
  double f = factor[pick_weighted(style_w, 5)];
  double len = sqrt((double)(dx * dx + dy * dy));
  if (len * f > 24.0) f = 24.0 / len;
  int tx = c->x + (int)(dx * f), ty = c->y + (int)(dy * f);
  if (tx == c->x && ty == c->y) tx = px, ty = py;
  if (dist2(tx, ty, c->x, c->y) > 576) tx = px, ty = py;
  set(a, A_THROW, tx, ty);
  return 1;
}

/* ---------------------------------------------------------------- chaos */

static void valid_offset(int kind, int *dx, int *dy) {
  for (int i = 0; i < 30; i++) {
    switch (kind) {
      case A_RUN: *dx = rr(-2, 2), *dy = rr(-2, 2); if (*dx * *dx + *dy * *dy <= 4 && (*dx || *dy)) return; break;
      case A_CRAWL: *dx = rr(-1, 1), *dy = rr(-1, 1); if (iabs(*dx) + iabs(*dy) == 1) return; break;
      case A_THROW: case A_CATCH: *dx = rr(-24, 24), *dy = rr(-24, 24); if (*dx * *dx + *dy * *dy <= 576 && (*dx || *dy)) return; break;
      default: *dx = rr(-1, 1), *dy = rr(-1, 1); if (*dx || *dy) return; break;
    }
  }
  *dx = 1, *dy = 0;
}

static void bad_offset(int kind, int *dx, int *dy) {
  static const int run_bad[][2] = {{0, 0}, {2, 1}, {2, 2}, {3, 0}, {3, 3}, {4, 1}, {1, 3}};
  static const int crawl_bad[][2] = {{0, 0}, {1, 1}, {2, 0}, {2, 1}, {2, 2}};
  static const int adj_bad[][2] = {{0, 0}, {2, 0}, {2, 1}, {2, 2}, {3, 0}, {5, 5}};
  static const int far_bad[][2] = {{0, 0}, {24, 0}, {16, 17}, {24, 1}, {17, 17}, {25, 0}, {20, 20}, {30, 30}, {1, 0}};
  const int(*t)[2];
  int n;
  switch (kind) {
    case A_RUN: t = run_bad, n = 7; break;
    case A_CRAWL: t = crawl_bad, n = 5; break;
    case A_THROW: case A_CATCH: t = far_bad, n = 9; break;
    default: t = adj_bad, n = 6; break;
  }
  int i = rnd(n);
  *dx = t[i][0], *dy = t[i][1];
  orient(dx, dy);
}

static int random_tree(int *x, int *y) {
  int n = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (tree_seen[i][j] && rnd(++n) == 0) *x = i, *y = j;
  return n > 0;
}

static void chaos_target(int k, int kind, int *x, int *y) {
  Kid *c = &kid[k];
  int dx = 0, dy = 0, r = rnd(100);
  if (r < 38) {
    valid_offset(kind, &dx, &dy);
    if (kind != A_THROW && kind != A_CATCH && pm(300)) { /* into a tree next to it, when there is one */
      int tx = 0, ty = 0;
      if (pick_neighbor(c->x, c->y, pred_tree, 0, -1, -1, &tx, &ty)) {
        *x = tx, *y = ty;
        return;
      }
    }
    if (kind == A_CATCH && pm(600)) {
      int e = nearest_enemy(k, 1 << 20, 0);
      if (e >= 0) {
        *x = kid[e].x, *y = kid[e].y;
        return;
      }
    }
  } else if (r < 60) {
    bad_offset(kind, &dx, &dy);
  } else if (r < 72) {
    valid_offset(kind, &dx, &dy);
    *x = c->x + dx, *y = c->y + dy;
    switch (rnd(5)) {
      case 0: *x = rnd(2) ? -1 - rnd(2) : N + rnd(2); break;
      case 1: *y = rnd(2) ? -1 - rnd(2) : N + rnd(2); break;
      case 2: *x = rnd(2) ? -LIM : LIM; break;
      case 3: *x = c->x < 15 ? -1 : N, *y = c->y < 15 ? -1 : N; break;
      default: *y = rr(-LIM, LIM); break;
    }
    return;
  } else if (r < 86) {
    int o = rnd(8);
    if (o == k || !kid[o].vis) o = k;
    *x = kid[o].x + rr(-1, 1) * rnd(2), *y = kid[o].y + rr(-1, 1) * rnd(2);
    if (kind == A_THROW && pm(500)) {
      *x = c->x + 2 * (*x - c->x);
      *y = c->y + 2 * (*y - c->y);
    }
    return;
  } else if (r < 93) {
    int tx = 0, ty = 0;
    if (random_tree(&tx, &ty)) {
      *x = tx + rr(-1, 1) * rnd(2), *y = ty + rr(-1, 1) * rnd(2);
      return;
    }
    valid_offset(kind, &dx, &dy);
  } else {
    *x = rr(-LIM, LIM), *y = rr(-LIM, LIM);
    return;
  }
  *x = c->x + dx, *y = c->y + dy;
}

static void chaos(int k, Act *a) {
  static const int w[A_KINDS] = {4, 8, 8, 8, 14, 10, 14, 12, 14, 8};
  int kind = pick_weighted(w, A_KINDS), x = 0, y = 0;
  if (kind >= A_RUN) chaos_target(k, kind, &x, &y);
  set(a, kind, x, y);
}

/* Noise on top of a planned move: a random one, a near miss, or the wrong kind. */
static void noise(int k, Act *a) {
  int r = rnd(10);
  if (r < 6 || a->k < A_RUN) {
    chaos(k, a);
  } else if (r < 8) {
    set(a, a->k, a->x + rr(-1, 1), a->y + rr(-1, 1));
  } else {
    set(a, A_RUN + rnd(6), a->x, a->y);
  }
}

/* --------------------------------------------------------------- roles */

static void wander(int k, Act *a, int radius) {
  Kid *c = &kid[k];
  if (!step_toward(k, clampf(c->x + rr(-radius, radius)), clampf(c->y + rr(-radius, radius)), 0, a)) chaos(k, a);
}

/* Any neighbor, good or not: a tree, a child, off the field, a high pile. */
static int pred_any(int x, int y, int arg) { (void)x, (void)y, (void)arg; return 1; }
static int pred_bad(int x, int y, int arg) {
  return !in_field(x, y) || is_tree(x, y) || kid_at(x, y) >= 0 || (known(x, y) && H[x][y] + arg > 9);
}

/* Crouch, then pick up powder from a neighbor other than (ax, ay). 0 when there is none. */
static int gather(int k, int ax, int ay, Act *a) {
  Kid *c = &kid[k];
  int x = 0, y = 0;
  if (!c->standing && pm(40) && pick_neighbor(c->x, c->y, pm(500) ? pred_bad : pred_any, 0, -1, -1, &x, &y)) {
    set(a, A_PICKUP, x, y);
    return 1;
  }
  if (!pick_neighbor(c->x, c->y, pred_powder, 0, ax, ay, &x, &y)) return 0;
  if (c->standing) set0(a, A_CROUCH);
  else set(a, A_PICKUP, x, y);
  return 1;
}

static int drop_somewhere(int k, int ax, int ay, Act *a) {
  Kid *c = &kid[k];
  int x = 0, y = 0;
  if (pm(40) && pick_neighbor(c->x, c->y, pm(500) ? pred_bad : pred_any, h_drop(c->hold), -1, -1, &x, &y)) {
    set(a, A_DROP, x, y);
    return 1;
  }
  if (!pick_neighbor(c->x, c->y, pred_drop, h_drop(c->hold), ax, ay, &x, &y)) return 0;
  set(a, A_DROP, x, y);
  return 1;
}

static void pick_build_goal(int k) {
  Mem *m = &mem[k];
  Kid *c = &kid[k];
  int x = c->x, y = c->y, tx = 0, ty = 0;
  switch (m->build_mode) {
    case 1: /* an edge of the field */
      switch (rnd(4)) {
        case 0: x = 0, y = rnd(N); break;
        case 1: x = rnd(N), y = 0; break;
        case 2: x = N - 1, y = rnd(N); break;
        default: x = rnd(N), y = N - 1; break;
      }
      if (pm(300)) x = rnd(2) ? 0 : N - 1, y = rnd(2) ? 0 : N - 1; /* a corner */
      break;
    case 2: /* next to a tree */
      if (random_tree(&tx, &ty)) {
        x = tx + rr(-1, 1), y = ty + rr(-1, 1);
        break;
      }
      /* fall through */
    case 0: x = c->x + rr(-5, 5), y = c->y + rr(-5, 5); break;
    case 3: x = rr(9, 21), y = rr(9, 21); break;
    default: x = rr(14, 30), y = rr(14, 30); break;
  }
  m->gx = clampf(x), m->gy = clampf(y);
  m->has_goal = 1;
  m->timer = 0;
}

static void builder(int k, Act *a) {
  Mem *m = &mem[k];
  Kid *c = &kid[k];
  if (!m->has_goal || m->timer > 45 || is_tree(m->gx, m->gy)) pick_build_goal(k);
  m->timer++;
  int sx = m->gx, sy = m->gy, d = cheb(c->x, c->y, sx, sy);
  if (d == 0) {
    int x = 0, y = 0;
    if (pick_neighbor(c->x, c->y, pred_walk, 0, -1, -1, &x, &y)) set(a, c->standing ? A_RUN : A_CRAWL, x, y);
    else chaos(k, a);
    return;
  }
  if (d > 1) {
    if (!step_toward(k, sx, sy, 1, a)) {
      m->has_goal = 0;
      wander(k, a, 3);
    }
    return;
  }
  if (!known(sx, sy)) {
    m->has_goal = 0;
    chaos(k, a);
    return;
  }
  char g = G[sx][sy];
  int need = g == 'a' ? 3 : g == 'f' ? 2 : g == 'g' ? 1 : 0;
  if (g == 'i' || g == 'j') { /* done: build the next one elsewhere */
    m->has_goal = 0;
    wander(k, a, 3);
    return;
  }
  if (need && H[sx][sy] + need > 9 && pm(300)) { /* too high to finish: mostly move on */
    m->has_goal = 0;
    wander(k, a, 3);
    return;
  }
  if (need == 0) {
    /* Other snowballs on the site: clear the top one, or give up on it. */
    if (pm(500)) {
      if (c->standing) set0(a, A_CROUCH);
      else if (h_drop(c->hold) == 0 || pm(300)) set(a, A_PICKUP, sx, sy);
      else if (!drop_somewhere(k, sx, sy, a)) set0(a, A_IDLE);
    } else {
      m->has_goal = 0;
      wander(k, a, 2);
    }
    return;
  }
  char h = c->hold;
  int p = h_powder(h), b = h_ball(h);
  if (b == need) {
    set(a, A_DROP, sx, sy);
  } else if (p == need) {
    set0(a, A_CRUSH);
  } else if (p > need || (b && b != need) || (p == 0 && h != 'a')) {
    if (!drop_somewhere(k, sx, sy, a)) set0(a, pm(500) ? A_CRUSH : A_STAND);
  } else if (!gather(k, sx, sy, a)) {
    m->has_goal = 0;
    wander(k, a, 3);
  }
}

/* Choose something to throw at; returns 0 when nothing is in range. */
static int fire(int k, Act *a, int ff) {
  Kid *c = &kid[k];
  int best_w = 0, px = 0, py = 0, pv = -1;
  /* Reservoir sampling over weighted candidates. */
#define CAND(W, X, Y, V)                                   \
  do {                                                     \
    int w_ = (W);                                          \
    best_w += w_;                                          \
    if (w_ > 0 && rnd(best_w) < w_) px = (X), py = (Y), pv = (V); \
  } while (0)
  int enemy_in_range = 0;
  for (int e = 4; e < 8; e++) enemy_in_range |= kid[e].vis && dist2(c->x, c->y, kid[e].x, kid[e].y) <= 576;
  if (enemy_in_range && pm(700)) ff = 0; /* mostly the enemy when there is one */
  for (int o = 0; o < 8; o++) {
    if (o == k || !kid[o].vis) continue;
    int own = o < 4;
    if (own && !pm(ff)) continue;
    int x = kid[o].x, y = kid[o].y;
    if (dist2(c->x, c->y, x, y) > 576) continue;
    int r = rnd(10);
    if (r < 4) {
      if (own) plan_dest(o, &x, &y);
      else if (have_prev && prev_kid[o].vis) x += x - prev_kid[o].x, y += y - prev_kid[o].y;
    } else if (r < 5) {
      x += rr(-1, 1), y += rr(-1, 1);
    }
    CAND(own ? 6 + 10 * (o == victim) : 10, x, y, own ? o : -1);
    if (!kid[o].standing) CAND(2, c->x + 2 * (x - c->x), c->y + 2 * (y - c->y), -1);
  }
  for (int x = c->x - 24; x <= c->x + 24; x++)
    for (int y = c->y - 24; y <= c->y + 24; y++)
      if (known(x, y) && (G[x][y] == 'i' || G[x][y] == 'j') && dist2(x, y, c->x, c->y) <= 576) CAND(3, x, y, -1);
#undef CAND
  if (best_w == 0) return 0;
  if (!c->standing && pm(650)) {
    set0(a, A_STAND);
    return 1;
  }
  if (!throw_toward(k, px, py, a)) return 0;
  if (k < 4) throw_victim[k] = pv;
  return 1;
}

static void sniper(int k, Act *a, int catch_pm) {
  Mem *m = &mem[k];
  Kid *c = &kid[k];
  char h = c->hold;
  int ns = h_small(h), p = h_powder(h);
  int ce = nearest_enemy(k, 576, 1);
  if (ce >= 0 && can_catch(h) && pm(catch_pm)) {
    set(a, A_CATCH, kid[ce].x, kid[ce].y);
    return;
  }
  if (ns > 0 && (ns >= m->hoard || pm(30))) {
    if (fire(k, a, cfg.ff)) return;
    int gx, gy;
    enemy_goal(k, &gx, &gy);
    if (!step_toward(k, gx, gy, 3, a)) wander(k, a, 2);
    return;
  }
  if (p > 0) {
    if (p == 1 || pm(400)) set0(a, A_CRUSH);
    else if (!drop_somewhere(k, -1, -1, a)) set0(a, A_CRUSH);
    return;
  }
  if (ns == 0 && h != 'a') { /* a medium or large snowball: get rid of it */
    if (!drop_somewhere(k, -1, -1, a)) wander(k, a, 2);
    return;
  }
  int adj = count_neighbors(c->x, c->y, pred_small, 0);
  int x = 0, y = 0;
  if (ns > 0 && ns + adj < m->hoard) {
    if (pick_neighbor(c->x, c->y, pred_drop_plain, 1, -1, -1, &x, &y)) set(a, A_DROP, x, y);
    else if (!fire(k, a, cfg.ff)) wander(k, a, 2);
    return;
  }
  if (adj > 0 && ns + adj >= m->hoard) {
    if (c->standing) set0(a, A_CROUCH);
    else if (pick_neighbor(c->x, c->y, pred_small, 0, -1, -1, &x, &y)) set(a, A_PICKUP, x, y);
    return;
  }
  if (!gather(k, -1, -1, a)) wander(k, a, 3);
}

static void runner(int k, Act *a) {
  Mem *m = &mem[k];
  Kid *c = &kid[k];
  if (!m->has_goal || m->timer > 30 || cheb(c->x, c->y, m->gx, m->gy) <= 1) {
    int r = rnd(10);
    m->gx = rnd(N), m->gy = rnd(N);
    if (r < 3) {
      enemy_goal(k, &m->gx, &m->gy);
    } else if (r < 6) {
      /* Across the line between a teammate and the enemy it may throw at. */
      int t = rnd(4), e = nearest_enemy(t, 1 << 20, 0);
      if (e >= 0) {
        int mx = (kid[t].x + kid[e].x) / 2, my = (kid[t].y + kid[e].y) / 2;
        int px = -(kid[e].y - kid[t].y), py = kid[e].x - kid[t].x;
        int s = rnd(2) ? 1 : -1;
        m->gx = clampf(mx + s * px / 3), m->gy = clampf(my + s * py / 3);
      }
    } else if (r < 7) {
      m->gx = rnd(2) ? 0 : N - 1;
    }
    m->has_goal = 1;
    m->timer = 0;
  }
  m->timer++;
  if (!c->standing && pm(300)) {
    int x = 0, y = 0;
    static const int d4[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    int i = rnd(4);
    x = c->x + d4[i][0], y = c->y + d4[i][1];
    set(a, A_CRAWL, x, y);
    return;
  }
  if (pm(60)) {
    set0(a, A_CROUCH);
    return;
  }
  if (pm(100)) {
    int dx, dy;
    valid_offset(A_RUN, &dx, &dy);
    set(a, c->standing ? A_RUN : A_STAND, c->x + dx, c->y + dy);
    return;
  }
  if (!step_toward(k, m->gx, m->gy, 0, a)) {
    m->has_goal = 0;
    chaos(k, a);
  }
}

static void team_center(int k, int *x, int *y) {
  int sx = 0, sy = 0, n = 0;
  for (int o = 0; o < 4; o++)
    if (o != k && kid[o].vis) sx += kid[o].x, sy += kid[o].y, n++;
  *x = n ? sx / n : kid[k].x;
  *y = n ? sy / n : kid[k].y;
}

static void packer(int k, Act *a) {
  Mem *m = &mem[k];
  Kid *c = &kid[k];
  int cx, cy;
  team_center(k, &cx, &cy);
  if (cheb(c->x, c->y, cx, cy) > 2 && pm(700)) {
    if (!step_toward(k, cx, cy, 1, a)) chaos(k, a);
    return;
  }
  char h = c->hold;
  int p = h_powder(h);
  if (h == 'a' || (p > 0 && p < m->pack_hold)) {
    if (!gather(k, -1, -1, a)) wander(k, a, 2);
    return;
  }
  if (p > 0 && pm(400)) {
    set0(a, A_CRUSH);
    return;
  }
  /* Drop next to a teammate or an enemy when there is such a space. */
  int best = 0, x = 0, y = 0;
  for (int dx = -1; dx <= 1; dx++)
    for (int dy = -1; dy <= 1; dy++) {
      int qx = c->x + dx, qy = c->y + dy;
      if ((dx || dy) && in_field(qx, qy) && !is_tree(qx, qy)) {
        int w = 1;
        for (int o = 0; o < 8; o++)
          if (o != k && kid[o].vis && cheb(kid[o].x, kid[o].y, qx, qy) == 1) w += o < 4 ? 2 : 4;
        best += w;
        if (rnd(best) < w) x = qx, y = qy;
      }
    }
  if (best) set(a, A_DROP, x, y);
  else chaos(k, a);
}

static void brawler(int k, Act *a) {
  Kid *c = &kid[k];
  char h = c->hold;
  if (h_small(h)) {
    if (fire(k, a, 900)) return;
    int cx, cy;
    team_center(k, &cx, &cy);
    if (!step_toward(k, cx, cy, 2, a)) set0(a, A_IDLE);
    return;
  }
  if (h_powder(h)) {
    set0(a, A_CRUSH);
    return;
  }
  if (h != 'a') {
    if (!drop_somewhere(k, -1, -1, a)) set0(a, A_IDLE);
    return;
  }
  int cx, cy;
  team_center(k, &cx, &cy);
  if (cheb(c->x, c->y, cx, cy) > 3) {
    if (!step_toward(k, cx, cy, 1, a)) chaos(k, a);
    return;
  }
  if (!gather(k, -1, -1, a)) wander(k, a, 2);
}

static void catcher(int k, Act *a) {
  Kid *c = &kid[k];
  if (nearest_enemy(k, 576, 1) < 0 && can_catch(c->hold) && pm(150)) {
    int e = nearest_enemy(k, 1 << 20, 0);
    if (e >= 0) {
      set(a, A_CATCH, kid[e].x, kid[e].y);
      return;
    }
  }
  sniper(k, a, 800);
}

static void act_role(int k, Act *a) {
  switch (mem[k].role) {
    case R_BUILDER: builder(k, a); break;
    case R_SNIPER: sniper(k, a, 150); break;
    case R_RUNNER: runner(k, a); break;
    case R_CATCHER: catcher(k, a); break;
    case R_BRAWLER: brawler(k, a); break;
    case R_PACKER: packer(k, a); break;
    default: chaos(k, a); break;
  }
}

/* ------------------------------------------------------ team-level events */

static int pair_near(int maxd, int *i, int *j) {
  int n = 0;
  for (int a = 0; a < 4; a++)
    for (int b = a + 1; b < 4; b++)
      if (kid[a].vis && kid[b].vis && cheb(kid[a].x, kid[a].y, kid[b].x, kid[b].y) <= maxd && rnd(++n) == 0) {
        if (rnd(2)) *i = a, *j = b;
        else *i = b, *j = a;
      }
  return n > 0;
}

/* A space adjacent (Chebyshev 1) to both children; may be off the field or a tree. */
static int common_adjacent(int i, int j, int *x, int *y) {
  int n = 0;
  for (int dx = -1; dx <= 1; dx++)
    for (int dy = -1; dy <= 1; dy++) {
      int qx = kid[i].x + dx, qy = kid[i].y + dy;
      if ((dx || dy) && cheb(qx, qy, kid[j].x, kid[j].y) == 1) {
        int w = in_field(qx, qy) ? 6 : 1;
        n += w;
        if (rnd(n) < w) *x = qx, *y = qy;
      }
    }
  return n > 0;
}

static void fix(int k, int kind, int x, int y) {
  set(&plan[k], kind, x, y);
  fixed_act[k] = 1;
}

static void contention_event(void) {
  int i = 0, j = 0, x = 0, y = 0;
  int kind = rnd(9);
  if (kind <= 2 || kind == 8) {
    if (!pair_near(2, &i, &j) || !common_adjacent(i, j, &x, &y)) return;
    int a = kind == 0 || kind == 8 ? A_PICKUP : A_DROP;
    int b = kind == 1 ? A_DROP : A_PICKUP;
    fix(i, a, x, y);
    fix(j, b, x, y);
    if (kind == 8) /* every child that can reach it */
      for (int o = 0; o < 4; o++)
        if (o != i && o != j && kid[o].vis && cheb(kid[o].x, kid[o].y, x, y) == 1) fix(o, rnd(2) ? A_PICKUP : A_DROP, x, y);
  } else if (kind == 3) { /* two runners into one space */
    if (!pair_near(4, &i, &j)) return;
    int n = 0;
    for (int dx = -2; dx <= 2; dx++)
      for (int dy = -2; dy <= 2; dy++) {
        int qx = kid[i].x + dx, qy = kid[i].y + dy;
        if (dx * dx + dy * dy <= 4 && dist2(qx, qy, kid[j].x, kid[j].y) <= 4 && (dx || dy) &&
            !(qx == kid[j].x && qy == kid[j].y) && rnd(++n) == 0)
          x = qx, y = qy;
      }
    if (!n) return;
    fix(i, kid[i].standing ? A_RUN : A_CRAWL, x, y);
    fix(j, kid[j].standing || pm(200) ? A_RUN : A_CRAWL, x, y);
  } else if (kind == 4) { /* swap */
    if (!pair_near(2, &i, &j)) return;
    fix(i, kid[i].standing ? A_RUN : A_CRAWL, kid[j].x, kid[j].y);
    fix(j, kid[j].standing ? A_RUN : A_CRAWL, kid[i].x, kid[i].y);
  } else if (kind == 5) { /* follow: i into the space j leaves (or does not) */
    if (!pair_near(2, &i, &j)) return;
    int dx, dy;
    valid_offset(kid[j].standing ? A_RUN : A_CRAWL, &dx, &dy);
    fix(i, kid[i].standing ? A_RUN : A_CRAWL, kid[j].x, kid[j].y);
    if (pm(800)) fix(j, kid[j].standing ? A_RUN : A_CRAWL, kid[j].x + dx, kid[j].y + dy);
  } else if (kind == 6) { /* next to, or onto, an enemy */
    int best = -1, bd = 3, e = -1;
    for (int o = 0; o < 4; o++)
      for (int f = 4; f < 8; f++)
        if (kid[o].vis && kid[f].vis && cheb(kid[o].x, kid[o].y, kid[f].x, kid[f].y) < bd)
          bd = cheb(kid[o].x, kid[o].y, kid[f].x, kid[f].y), best = o, e = f;
    if (best < 0) return;
    int r = rnd(4);
    if (r == 0 || !common_adjacent(best, e, &x, &y)) x = kid[e].x, y = kid[e].y;
    fix(best, r == 1 ? A_PICKUP : r == 2 ? A_RUN : A_DROP, x, y);
  } else { /* all children at one space */
    if (!kid[0].vis) return;
    x = kid[0].x + rr(-1, 1), y = kid[0].y + rr(-1, 1);
    int k0 = rnd(2) ? A_PICKUP : A_DROP;
    for (int o = 0; o < 4; o++)
      if (kid[o].vis && cheb(kid[o].x, kid[o].y, x, y) <= 2) fix(o, pm(800) ? k0 : A_DROP + A_PICKUP - k0, x, y);
  }
}

/* The teammate brawlers aim at: one by trees, the edge or other children if there is one. */
static void choose_victim(void) {
  int total = 0;
  victim = -1;
  for (int o = 0; o < 4; o++) {
    if (!kid[o].vis) continue;
    int x = kid[o].x, y = kid[o].y, w = 1;
    if (x == 0 || y == 0 || x == N - 1 || y == N - 1) w += 3;
    for (int dx = -1; dx <= 1; dx++)
      for (int dy = -1; dy <= 1; dy++)
        if ((dx || dy) && (is_tree(x + dx, y + dy) || kid_at(x + dx, y + dy) >= 0)) w += 2;
    total += w;
    if (rnd(total) < w) victim = o;
  }
}

/* ----------------------------------------------------------- the player */

static void choose_personality(void) {
  static const int w[P_COUNT] = {10, 20, 20, 10, 15, 25};
  cfg.pers = pick_weighted(w, P_COUNT);
  static const int eps_levels[] = {0, 20, 50, 100, 200, 350};
  cfg.eps = eps_levels[rnd(6)];
  cfg.cont = rnd(3) == 0 ? 0 : rr(20, 120);
  cfg.ff = rnd(3) == 0 ? 0 : rr(30, 300);
  cfg.sw = rnd(2) ? 0 : rr(1, 5);
  cfg.dazed = rr(0, 400);
  cfg.fcatch = rr(0, 500);
  for (int k = 0; k < 4; k++) {
    Mem *m = &mem[k];
    memset(m, 0, sizeof *m);
    static const int hoard_w[] = {60, 25, 15};
    m->hoard = 1 + pick_weighted(hoard_w, 3);
    m->build_mode = rnd(5);
    m->pack_hold = rr(1, 3);
    switch (cfg.pers) {
      case P_CHAOS: m->role = R_CHAOS; break;
      case P_BUILD: m->role = k < 2 + rnd(3) ? R_BUILDER : R_SNIPER; break;
      case P_SNIPE: m->role = k == 3 ? R_RUNNER : rnd(3) ? R_SNIPER : R_CATCHER; break;
      case P_RUN: m->role = k < 2 + rnd(2) ? R_RUNNER : R_SNIPER; break;
      case P_BRAWL: m->role = k < 2 ? R_BRAWLER : R_PACKER; break;
      default: m->role = rnd(R_ROLES); break;
    }
  }
  if (cfg.pers == P_CHAOS) cfg.eps = 1000, cfg.sw = 0;
  if (cfg.pers == P_BRAWL) cfg.cont = rr(80, 250), cfg.ff = rr(400, 900);
  if (cfg.pers == P_MIX) cfg.sw = rr(5, 30);
}

static int read_token(char *buf) { return scanf("%31s", buf) == 1; }

/* A decimal integer that saturates instead of overflowing. */
static int to_int(const char *s) {
  int neg = *s == '-', v = 0;
  if (*s == '-' || *s == '+') s++;
  while (*s >= '0' && *s <= '9') {
    v = v < 100000 ? v * 10 + (*s - '0') : 1000000;
    s++;
  }
  return neg ? -v : v;
}

/* Reads one turn into the state; 0 at the end of the game or of the input. */
static int read_turn(void) {
  char buf[32];
  if (!read_token(buf)) return 0;
  if (to_int(buf) < 0) return 0;
  if (!read_token(buf) || !read_token(buf)) return 0;
  for (int x = 0; x < N; x++)
    for (int y = 0; y < N; y++) {
      if (!read_token(buf)) return 0;
      if (buf[0] == '*' || buf[0] < '0' || buf[0] > '9') {
        H[x][y] = -1;
        G[x][y] = '?';
        continue;
      }
      int h = 0, i = 0;
      while (buf[i] >= '0' && buf[i] <= '9') {
        if (h < 100) h = h * 10 + (buf[i] - '0');
        i++;
      }
      H[x][y] = h;
      G[x][y] = buf[i] >= 'a' && buf[i] <= 'j' ? buf[i] : '?';
      if (G[x][y] == 'b') tree_seen[x][y] = 1;
    }
  for (int k = 0; k < 8; k++) {
    Kid *c = &kid[k];
    if (!read_token(buf)) return 0;
    c->vis = 0;
    if (buf[0] == '*') continue;
    c->x = to_int(buf);
    if (!read_token(buf)) return 0;
    c->y = to_int(buf);
    if (!read_token(buf)) return 0;
    c->standing = buf[0] == 'S';
    if (!read_token(buf)) return 0;
    c->hold = buf[0] >= 'a' && buf[0] <= 'j' ? buf[0] : 'a';
    if (!read_token(buf)) return 0;
    c->dazed = to_int(buf);
    c->vis = in_field(c->x, c->y);
    if (c->vis && k >= 4) seen_x[k] = c->x, seen_y[k] = c->y, seen_ok[k] = 1;
  }
  /* Forget where an enemy was when one of ours stands close enough to see it is gone. */
  for (int e = 4; e < 8; e++)
    for (int k = 0; k < 4; k++)
      if (seen_ok[e] && !kid[e].vis && kid[k].vis && cheb(kid[k].x, kid[k].y, seen_x[e], seen_y[e]) <= 4) seen_ok[e] = 0;
  return 1;
}

static void play_turn(void) {
  for (int k = 0; k < 4; k++) {
    set0(&plan[k], A_IDLE);
    fixed_act[k] = 0;
    throw_victim[k] = -1;
    if (cfg.sw && pm(cfg.sw)) {
      mem[k].role = rnd(R_ROLES);
      mem[k].has_goal = 0;
    }
  }
  choose_victim();
  /* Movers first, so throwers can aim at where they are heading. */
  for (int pass = 0; pass < 2; pass++)
    for (int k = 0; k < 4; k++) {
      int r = mem[k].role;
      int thrower = r == R_SNIPER || r == R_CATCHER || r == R_BRAWLER;
      if (thrower != pass) continue;
      if (!kid[k].vis) {
        set0(&plan[k], rnd(4));
        continue;
      }
      act_role(k, &plan[k]);
    }
  /* A teammate under friendly fire may try to catch it. */
  for (int k = 0; k < 4; k++) {
    int v = throw_victim[k];
    if (v >= 0 && v < 4 && plan[v].k != A_THROW && pm(cfg.fcatch)) fix(v, A_CATCH, kid[k].x, kid[k].y);
  }
  if (pm(cfg.cont)) contention_event();
  for (int k = 0; k < 4; k++) {
    if (!kid[k].vis) continue;
    if (!fixed_act[k] && pm(cfg.eps)) noise(k, &plan[k]);
    if (kid[k].dazed > 0 && !pm(cfg.dazed)) set0(&plan[k], A_IDLE);
  }
}

static void print_turn(void) {
  for (int k = 0; k < 4; k++) {
    Act *a = &plan[k];
    int kind = a->k >= 0 && a->k < A_KINDS ? a->k : A_IDLE;
    if (kind >= A_RUN) printf("%s %d %d\n", NAME[kind], clampc(a->x), clampc(a->y));
    else printf("%s\n", NAME[kind]);
  }
  fflush(stdout);
}

int main(void) {
  uint64_t seed = 0;
  unsigned char bytes[8] = {0};
  if (getentropy(bytes, sizeof bytes) == 0)
    for (int i = 0; i < 8; i++) seed = seed << 8 | bytes[i];
  rng_state = seed;
  choose_personality();
  static const char *const PERS[P_COUNT] = {"chaos", "builders", "snipers", "runners", "brawl", "mixed"};
  fprintf(stderr, "icy-fuzz: %s eps=%d cont=%d ff=%d sw=%d roles=%d%d%d%d\n", PERS[cfg.pers], cfg.eps, cfg.cont,
          cfg.ff, cfg.sw, mem[0].role, mem[1].role, mem[2].role, mem[3].role);
  while (read_turn()) {
    play_turn();
    print_turn();
    memcpy(prev_kid, kid, sizeof kid);
    have_prev = 1;
  }
  return 0;
}
