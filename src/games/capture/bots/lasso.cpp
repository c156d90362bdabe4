// A classic stdin/stdout Capture (ICPC Challenge 2009) player in C++, written as
// a contestant writes one for the original engine: read a turn from std::cin,
// write one move (five numbers) to std::cout with std::endl (which flushes),
// and stop when the turn number is -1.
// Built for wasm32-wasi by `npm run build` (docs/bots/c-cpp.md has the command line).
//
// The lasso: a loop turns grey pucks ours when it also holds one of ours and
// none of theirs (section 1.4). The sled picks such a spot between one of our
// pucks and a grey one, drives to pass beside it at the loop's radius, and
// circles it for one lap; then it picks again. The bumpers drift toward grey pucks.
#include <cmath>
#include <iomanip>
#include <iostream>
#include <map>
#include <random>
#include <vector>

namespace {

const double FIELD = 800;
const double PI = 3.14159265358979323846;
const double SLED_SPEED = 15;
const double LOOP_RADIUS = 60;
const double MAX_TURN = 0.5;
const int OURS = 0, THEIRS = 1, GREY = 2;

struct Puck {
  double x, y, vx, vy;
  int color;
};

struct Body {
  double x, y, vx, vy;
};

struct Turn {
  int number = -1;
  std::vector<Puck> pucks;
  std::vector<Body> bumpers;  // ours first
  double sledX = 0, sledY = 0, sledDir = 0;
};

// Reads a sled's two lines: position and direction, then the trail's length and points.
bool readSled(std::istream &in, double &x, double &y, double &dir) {
  int points = 0;
  if (!(in >> x >> y >> dir >> points) || points < 0) return false;
  for (int i = 0; i < points; i++) {
    double px, py;
    if (!(in >> px >> py)) return false;
  }
  return true;
}

bool readTurn(std::istream &in, Turn &t) {
  if (!(in >> t.number) || t.number < 0) return false;
  int count = 0;
  in >> count;
  t.pucks.assign(count > 0 ? count : 0, Puck());
  for (Puck &p : t.pucks) in >> p.x >> p.y >> p.vx >> p.vy >> p.color;
  in >> count;
  t.bumpers.assign(count > 0 ? count : 0, Body());
  for (Body &b : t.bumpers) in >> b.x >> b.y >> b.vx >> b.vy;
  in >> count;  // always 2 sleds: ours, then theirs
  double x, y, dir;
  return readSled(in, t.sledX, t.sledY, t.sledDir) && readSled(in, x, y, dir);
}

// The shortest signed distance from a to b on the field, which wraps for sleds.
double wrapped(double a, double b) {
  double d = std::fmod(b - a, FIELD);
  if (d > FIELD / 2) d -= FIELD;
  if (d < -FIELD / 2) d += FIELD;
  return d;
}

double normalized(double angle) { return angle - std::floor(angle / (2 * PI) + 0.5) * 2 * PI; }

double clamp(double v, double lo, double hi) { return v < lo ? lo : v > hi ? hi : v; }

class Lasso {
 public:
  Lasso() : random_(2009) {}

  // Both bumpers' accelerations, then the sled's turn.
  std::vector<double> play(const Turn &t) {
    std::vector<double> move;
    for (int k = 0; k < 2 && k < static_cast<int>(t.bumpers.size()); k++) {
      double ax = 0, ay = 0;
      herd(t, t.bumpers[k], k, ax, ay);
      move.push_back(ax);
      move.push_back(ay);
    }
    while (move.size() < 4) move.push_back(0);
    move.push_back(steer(t));
    return move;
  }

  void report(std::ostream &log, int turns) const {
    log << "lasso: " << turns << " turns, " << laps_ << " laps; last count:";
    for (const auto &c : lastCount_) log << " color " << c.first << " x" << c.second;
    log << std::endl;
  }

 private:
  std::mt19937 random_;
  int circling_ = 0;
  double turnRate_ = 0;
  int laps_ = 0;
  std::map<int, int> lastCount_;  // pucks of each color this turn
  bool hasSpot_ = false;          // where the next loop goes
  double spotX_ = 0, spotY_ = 0;
  int chasing_ = 0;               // turns spent heading there
  double side_ = 0;               // which side of it to pass (left positive)

  double steer(const Turn &t) {
    lastCount_.clear();
    for (const Puck &p : t.pucks) lastCount_[p.color]++;
    if (circling_ > 0) {
      circling_--;
      return turnRate_;
    }
    if (!hasSpot_ || ++chasing_ > 80) {
      hasSpot_ = richestSpot(t, spotX_, spotY_);
      chasing_ = 0;
      side_ = random_() % 2 ? LOOP_RADIUS : -LOOP_RADIUS;
    }
    if (!hasSpot_) return 0;
    double dx = wrapped(t.sledX, spotX_), dy = wrapped(t.sledY, spotY_);
    // The spot in the sled's frame: how far ahead, and how far to the left.
    double ahead = dx * std::cos(t.sledDir) + dy * std::sin(t.sledDir);
    double left = -dx * std::sin(t.sledDir) + dy * std::cos(t.sledDir);
    if (std::abs(ahead) < SLED_SPEED && std::abs(left) > 0.6 * LOOP_RADIUS &&
        std::abs(left) < 1.4 * LOOP_RADIUS) {
      // Beside the spot at about the loop's radius: a full lap around it closes the loop.
      turnRate_ = (left > 0 ? 1 : -1) * SLED_SPEED / std::abs(left);
      circling_ = static_cast<int>(std::ceil(2 * PI / std::abs(turnRate_)));
      laps_++;
      hasSpot_ = false;
      return turnRate_;
    }
    // Head for a point one radius to the side of the spot (the side picked at random, then the nearer one).
    double distance = std::hypot(dx, dy);
    double side = distance < 2 * LOOP_RADIUS ? (left > 0 ? LOOP_RADIUS : -LOOP_RADIUS) : side_;
    double wayX = dx + side * dy / distance, wayY = dy - side * dx / distance;
    return clamp(normalized(std::atan2(wayY, wayX) - t.sledDir), -MAX_TURN, MAX_TURN);
  }

  // A loop's center worth a lap: between one of our pucks and a grey one, with no puck of theirs
  // near enough to be caught too (that would turn everything inside grey). More greys are better.
  bool richestSpot(const Turn &t, double &x, double &y) const {
    bool found = false;
    double bestValue = 0;
    for (const Puck &own : t.pucks) {
      if (own.color != OURS) continue;
      for (const Puck &grey : t.pucks) {
        if (grey.color != GREY || std::hypot(wrapped(own.x, grey.x), wrapped(own.y, grey.y)) > 1.3 * LOOP_RADIUS) continue;
        double cx = own.x + wrapped(own.x, grey.x) / 2, cy = own.y + wrapped(own.y, grey.y) / 2;
        int greys = 0, theirs = 0;
        for (const Puck &q : t.pucks) {
          double d = std::hypot(wrapped(cx, q.x), wrapped(cy, q.y));
          if (q.color == THEIRS && d < LOOP_RADIUS * 1.5) theirs++;
          if (q.color == GREY && d < LOOP_RADIUS * 0.75) greys++;
        }
        if (theirs > 0) continue;
        double value = greys - std::hypot(wrapped(t.sledX, cx), wrapped(t.sledY, cy)) / 100;
        if (!found || value > bestValue) bestValue = value, x = cx, y = cy, found = true;
      }
    }
    return found;
  }

  // Bumpers bounce off the walls (no wrap): each heads for the grey puck nearest to it, gently.
  static void herd(const Turn &t, const Body &b, int k, double &ax, double &ay) {
    double goalX = FIELD / 4, goalY = FIELD * (k == 0 ? 0.3 : 0.7);
    double best = 1e18;
    for (const Puck &p : t.pucks) {
      if (p.color != GREY) continue;
      double d = std::hypot(p.x - b.x, p.y - b.y);
      if (d < best) best = d, goalX = p.x, goalY = p.y;
    }
    double wantX = (goalX - b.x) * 0.05 - b.vx, wantY = (goalY - b.y) * 0.05 - b.vy;
    double size = std::hypot(wantX, wantY), scale = size > 2 ? 2 / size : 1;
    ax = wantX * scale;
    ay = wantY * scale;
  }
};

}  // namespace

int main() {
  Lasso lasso;
  Turn turn;
  int turns = 0;
  std::cout << std::fixed << std::setprecision(6);
  while (readTurn(std::cin, turn)) {
    turns++;
    std::vector<double> move = lasso.play(turn);
    for (size_t i = 0; i < move.size(); i++) std::cout << (i ? " " : "") << move[i];
    std::cout << std::endl;
  }
  lasso.report(std::cerr, turns);
  return 0;
}
