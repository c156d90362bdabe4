/* A first Capture bot: the sled drives in circles, closing a loop every lap, and each
 * bumper heads for the nearest grey puck. Each turn: the turn (-1 at the end), the pucks
 * ("x y vx vy color": 0 yours, 1 theirs, 2 grey), the bumpers (yours first), the sleds. */
#include <stdio.h>

int main(void) {
  static double puck[256][5], bumper[4][4];
  int turn, n, count;
  while (scanf("%d", &turn) == 1 && turn >= 0) {
    scanf("%d", &n);
    for (int i = 0; i < n; i++) for (int v = 0; v < 5; v++) scanf("%lf", &puck[i % 256][v]);
    scanf("%d", &count);
    for (int i = 0; i < count; i++) for (int v = 0; v < 4; v++) scanf("%lf", &bumper[i % 4][v]);
    scanf("%d", &count);
    for (int s = 0; s < count; s++) { /* each sled: x y direction, then its trail's n points */
      double x, y, direction, px, py;
      int points;
      scanf("%lf %lf %lf %d", &x, &y, &direction, &points);
      for (int p = 0; p < points; p++) scanf("%lf %lf", &px, &py);
    }
    for (int b = 0; b < 2; b++) { /* your two bumpers */
      double gx = 400, gy = 400, best = 1e18, *m = bumper[b];
      for (int i = 0; i < n && i < 256; i++) {
        double d = (puck[i][0] - m[0]) * (puck[i][0] - m[0]) + (puck[i][1] - m[1]) * (puck[i][1] - m[1]);
        if (puck[i][4] == 2 && d < best) best = d, gx = puck[i][0], gy = puck[i][1];
      }
      printf("%.3f %.3f ", (gx - m[0]) / 10 - m[2] / 2, (gy - m[1]) / 10 - m[3] / 2);
    }
    printf("0.2\n"); /* the sled turns left 0.2 rad a turn: a lap is 32 turns */
    fflush(stdout);
  }
  return 0;
}
