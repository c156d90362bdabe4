/*
 * A classic stdin/stdout Capture (ICPC Challenge 2009) player in C: read the
 * state of each turn from standard input, print one move (five numbers),
 * flush; a turn number of -1 ends the game. Compiled for wasm32-wasi it runs
 * unchanged in umpire (see scripts/build-wasi-bot.sh).
 *
 * The sled heads for the nearest puck that is not ours and, once close,
 * circles around it for a lap, so the loop takes it in. The bumpers drift
 * toward the nearest grey puck at a gentle pace, braking when they get fast.
 */
#include <math.h>
#include <stdio.h>

#define MAX_PUCKS 256
#define MAX_TRAIL 4096
#define FIELD 800.0
#define PI 3.14159265358979323846

typedef struct {
  double x, y, vx, vy;
  int color;
} Puck;

static Puck pucks[MAX_PUCKS];
static double bumpers[4][4];
static double sled_x, sled_y, sled_dir;
static double trail[MAX_TRAIL][2];

/* The shortest signed way from a to b on the wrapping field. */
static double delta(double a, double b) {
  double d = fmod(b - a, FIELD);
  if (d > FIELD / 2) d -= FIELD;
  if (d < -FIELD / 2) d += FIELD;
  return d;
}

static double angle(double a) { return a - floor(a / (2 * PI) + 0.5) * 2 * PI; }

static double clamp(double v, double lo, double hi) { return v < lo ? lo : v > hi ? hi : v; }

/* Reads one sled (position line and trail line); keeps it when `keep`. */
static int read_sled(int keep) {
  double x, y, dir;
  int n;
  if (scanf("%lf %lf %lf %d", &x, &y, &dir, &n) != 4 || n < 0) return 0;
  for (int i = 0; i < n; i++) {
    double px, py;
    if (scanf("%lf %lf", &px, &py) != 2) return 0;
    if (keep && i < MAX_TRAIL) trail[i][0] = px, trail[i][1] = py;
  }
  if (keep) sled_x = x, sled_y = y, sled_dir = dir;
  return 1;
}

/* The bumper's acceleration toward (tx, ty) (unwrapped: bumpers bounce off the walls), at most 2. */
static void push(const double *b, double tx, double ty, double *ax, double *ay) {
  double wx = (tx - b[0]) * 0.05 - b[2], wy = (ty - b[1]) * 0.05 - b[3];
  double size = sqrt(wx * wx + wy * wy);
  double scale = size > 2 ? 2 / size : 1;
  *ax = wx * scale;
  *ay = wy * scale;
}

int main(void) {
  int turn, circling = 0, turns = 0;
  const double radius = 40, rate = 15 / radius;
  while (scanf("%d", &turn) == 1) {
    if (turn < 0) {
      fprintf(stderr, "capture-gatherer: read -1 after %d turns, exiting\n", turns);
      return 0;
    }
    int p, b, s;
    if (scanf("%d", &p) != 1 || p < 0 || p > MAX_PUCKS) return 1;
    for (int i = 0; i < p; i++)
      if (scanf("%lf %lf %lf %lf %d", &pucks[i].x, &pucks[i].y, &pucks[i].vx, &pucks[i].vy, &pucks[i].color) != 5) return 1;
    if (scanf("%d", &b) != 1 || b != 4) return 1;
    for (int i = 0; i < 4; i++)
      if (scanf("%lf %lf %lf %lf", &bumpers[i][0], &bumpers[i][1], &bumpers[i][2], &bumpers[i][3]) != 4) return 1;
    if (scanf("%d", &s) != 1 || s != 2) return 1;
    if (!read_sled(1) || !read_sled(0)) return 1;
    turns++;

    /* The sled: circle for a lap once near a target, else steer toward the nearest puck not ours. */
    double steer = 0;
    int best = -1;
    double best_d = 1e9;
    for (int i = 0; i < p; i++) {
      if (pucks[i].color == 0) continue;
      double d = hypot(delta(sled_x, pucks[i].x), delta(sled_y, pucks[i].y));
      if (d < best_d) best_d = d, best = i;
    }
    if (circling > 0) {
      circling--;
      steer = rate;
    } else if (best >= 0) {
      double dx = delta(sled_x, pucks[best].x), dy = delta(sled_y, pucks[best].y);
      if (best_d < radius) {
        circling = (int)ceil(2 * PI / rate);
        steer = rate;
      } else {
        steer = clamp(angle(atan2(dy, dx) - sled_dir), -0.5, 0.5);
      }
    }

    /* The bumpers: each toward the grey puck nearest to it. */
    double acc[2][2] = {{0, 0}, {0, 0}};
    for (int k = 0; k < 2; k++) {
      int g = -1;
      double gd = 1e9;
      for (int i = 0; i < p; i++) {
        if (pucks[i].color != 2) continue;
        double d = hypot(pucks[i].x - bumpers[k][0], pucks[i].y - bumpers[k][1]);
        if (d < gd) gd = d, g = i;
      }
      if (g >= 0) push(bumpers[k], pucks[g].x, pucks[g].y, &acc[k][0], &acc[k][1]);
    }
    printf("%.6f %.6f %.6f %.6f %.6f\n", acc[0][0], acc[0][1], acc[1][0], acc[1][1], steer);
    fflush(stdout);
  }
  return 0;
}
