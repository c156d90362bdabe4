// A classic stdin/stdout block-drop (JavaChallenge 2015) player in C++, written
// as a contestant writes one for the original engine: print READY, then each
// turn read everything up to EOD from std::cin and print one command
// (U, R, D, L, A or N), ending the line with std::endl (which flushes).
// Built for wasm32-wasi by `npm run build` (docs/bots/c-cpp.md has the command line).
//
// The sentry: first it steps off a block that is about to drop; then, when an
// opponent shares its row or column of blocks, it faces that way and attacks;
// otherwise it walks toward the nearest opponent over blocks that will still
// stand, choosing between equally good steps at random.
#include <cstdlib>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace {

const int BLOCKS = 6;      // the board is 6 x 6 blocks
const int BLOCK_SIDE = 3;  // of 3 x 3 squares each
const int SQUARES = BLOCKS * BLOCK_SIDE;
const int PLAYERS = 4;

struct Player {
  int col = -1, row = -1;  // -1 -1 once fallen
  char dir = 'U';
  int wait = 0;
  bool standing() const { return row >= 0; }
};

struct Turn {
  int me = 0, number = 0;
  std::vector<std::vector<int>> timers;  // per block: 0 stable, n > 0 drops in n turns, n < 0 back in -n turns
  std::vector<Player> players;
};

const std::map<char, std::pair<int, int>> STEP = {{'U', {-1, 0}}, {'D', {1, 0}}, {'L', {0, -1}}, {'R', {0, 1}}};

bool readTurn(std::istream &in, Turn &t) {
  if (!(in >> t.me >> t.number)) return false;
  t.timers.assign(BLOCKS, std::vector<int>(BLOCKS, 0));
  for (auto &row : t.timers)
    for (int &timer : row) in >> timer;
  t.players.assign(PLAYERS, Player());
  for (Player &p : t.players) {
    std::string dir;
    in >> p.col >> p.row >> dir >> p.wait;  // the engine writes the column first
    p.dir = dir.empty() ? 'U' : dir[0];
  }
  std::string end;
  return static_cast<bool>(in >> end) && end == "EOD" && t.me >= 0 && t.me < PLAYERS;
}

class Sentry {
 public:
  Sentry() : random_(2015) {}

  char decide(const Turn &t) {
    const Player &me = t.players[t.me];
    if (!me.standing() || me.wait > 0) return 'N';
    if (!safe(t, me.row, me.col, 1)) return escape(t, me);
    int target = nearestOpponent(t);
    if (target < 0) return 'N';
    const Player &them = t.players[target];
    int myRow = me.row / BLOCK_SIDE, myCol = me.col / BLOCK_SIDE;
    int theirRow = them.row / BLOCK_SIDE, theirCol = them.col / BLOCK_SIDE;
    char facing = 0;
    if (myRow == theirRow && myCol != theirCol) facing = theirCol > myCol ? 'R' : 'L';
    if (myCol == theirCol && myRow != theirRow) facing = theirRow > myRow ? 'D' : 'U';
    if (facing != 0) return me.dir == facing ? 'A' : facing;  // a move turns first, even when it is refused
    return approach(t, me, them);
  }

 private:
  std::mt19937 random_;

  // A square that will still stand for at least `turns` more turns.
  static bool safe(const Turn &t, int row, int col, int turns) {
    if (row < 0 || col < 0 || row >= SQUARES || col >= SQUARES) return false;
    int timer = t.timers[row / BLOCK_SIDE][col / BLOCK_SIDE];
    return timer == 0 || timer > turns;
  }

  int nearestOpponent(const Turn &t) const {
    const Player &me = t.players[t.me];
    int best = -1, bestDistance = 1 << 30;
    for (int k = 0; k < PLAYERS; k++) {
      const Player &p = t.players[k];
      if (k == t.me || !p.standing()) continue;
      int d = std::abs(p.row - me.row) + std::abs(p.col - me.col);
      if (d < bestDistance) bestDistance = d, best = k;
    }
    return best;
  }

  char escape(const Turn &t, const Player &me) {
    std::vector<char> ways;
    for (const auto &step : STEP)
      if (safe(t, me.row + step.second.first, me.col + step.second.second, PLAYERS)) ways.push_back(step.first);
    if (ways.empty()) return me.dir;  // keep going the way it faces and hope
    return ways[random_() % ways.size()];
  }

  char approach(const Turn &t, const Player &me, const Player &them) {
    int best = 1 << 30;
    std::vector<char> closer, open;
    for (const auto &step : STEP) {
      int row = me.row + step.second.first, col = me.col + step.second.second;
      if (!safe(t, row, col, 2 * PLAYERS) || crowded(t, row, col)) continue;
      open.push_back(step.first);
      int d = std::abs(them.row - row) + std::abs(them.col - col);
      if (d < best) best = d, closer.clear();
      if (d == best) closer.push_back(step.first);
    }
    // Nearer is not always possible: the engine refuses a step within 3 squares of a player.
    const std::vector<char> &ways = closer.empty() ? open : closer;
    if (ways.empty()) return 'N';
    return ways[random_() % ways.size()];
  }

  // A square the engine would refuse to enter: 3 or fewer squares from another standing player.
  static bool crowded(const Turn &t, int row, int col) {
    for (int k = 0; k < PLAYERS; k++) {
      const Player &p = t.players[k];
      if (k != t.me && p.standing() && std::abs(p.row - row) + std::abs(p.col - col) <= 3) return true;
    }
    return false;
  }
};

}  // namespace

int main() {
  std::cout << "READY" << std::endl;
  Sentry sentry;
  Turn turn;
  while (readTurn(std::cin, turn)) std::cout << sentry.decide(turn) << std::endl;
  return 0;
}
