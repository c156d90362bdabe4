// A classic stdin/stdout Icy Projectile player in C++, written as a contestant
// writes one for the original engine: read a turn from std::cin, write one line
// per child to std::cout, flush, repeat until the turn number is -1.
// Built for wasm32-wasi by `npm run build` (docs/bots/c-cpp.md has the command line).
//
// The squad: each child packs a snowball from the snow beside it, then walks
// toward the enemy it saw last and throws once the enemy is close enough;
// with nobody ever seen it wanders toward the far corner, a random step at a time.
#include <cstdlib>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace {

const int SIZE = 31;
const int TEAM = 4;
const int THROW_RANGE_SQUARED = 64;

struct Child {
  bool visible = false;
  int x = 0, y = 0;
  bool standing = true;
  char holding = 'a';
  int dazed = 0;
};

struct Turn {
  int number = -1;
  int myScore = 0, theirScore = 0;
  std::vector<std::vector<int>> snow;  // height, or -1 for a tree or a space out of sight
  std::vector<Child> children;         // mine first, then theirs
};

// What a held letter means (the 2011 rules: i is a large snowball, 2010 wrote j).
enum class Hands { Empty, Powder, Snowballs, Other };
const std::map<char, Hands> HOLDING = {
    {'a', Hands::Empty},     {'b', Hands::Powder},    {'c', Hands::Powder},    {'d', Hands::Powder},
    {'e', Hands::Snowballs}, {'f', Hands::Snowballs}, {'g', Hands::Snowballs}, {'h', Hands::Other},
    {'i', Hands::Other},     {'j', Hands::Other},
};

bool readChild(std::istream &in, Child &c) {
  std::string first;
  if (!(in >> first)) return false;
  if (first == "*") {
    c.visible = false;
    return true;
  }
  char stance;
  c.visible = true;
  c.x = std::atoi(first.c_str());
  if (!(in >> c.y >> stance >> c.holding >> c.dazed)) return false;
  c.standing = stance == 'S';
  return true;
}

bool readTurn(std::istream &in, Turn &t) {
  if (!(in >> t.number) || t.number < 0) return false;
  in >> t.myScore >> t.theirScore;
  t.snow.assign(SIZE, std::vector<int>(SIZE, -1));
  for (int x = 0; x < SIZE; x++)
    for (int y = 0; y < SIZE; y++) {
      std::string cell;  // "<height><ground letter>", "**" out of sight; heights can pass 9
      if (!(in >> cell)) return false;
      if (cell[0] != '*' && cell.back() != 'b') t.snow[x][y] = std::atoi(cell.c_str());
    }
  t.children.assign(2 * TEAM, Child());
  for (Child &c : t.children)
    if (!readChild(in, c)) return false;
  return true;
}

int squaredDistance(int ax, int ay, int bx, int by) { return (ax - bx) * (ax - bx) + (ay - by) * (ay - by); }

int sign(int v) { return (v > 0) - (v < 0); }

class Squad {
 public:
  Squad() : random_(std::random_device()()) {}

  std::vector<std::string> play(const Turn &t) {
    for (int e = TEAM; e < 2 * TEAM; e++)
      if (t.children[e].visible) lastSeen_[e] = {t.children[e].x, t.children[e].y};
    std::vector<std::string> moves;
    for (int k = 0; k < TEAM; k++) moves.push_back(move(t, k));
    return moves;
  }

 private:
  std::mt19937 random_;
  std::map<int, std::pair<int, int>> lastSeen_;  // enemy child -> where it was seen last

  std::string move(const Turn &t, int k) {
    const Child &me = t.children[k];
    if (me.dazed > 0) return "idle";
    auto hands = HOLDING.find(me.holding);
    switch (hands == HOLDING.end() ? Hands::Other : hands->second) {
      case Hands::Snowballs:
        return hunt(t, me);
      case Hands::Powder:
        return "crush";
      case Hands::Other:
        return "drop " + std::to_string(me.x > 0 ? me.x - 1 : 1) + " " + std::to_string(me.y);
      case Hands::Empty:
        break;
    }
    if (me.standing) return "crouch";
    const int around[8][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
    int first = random_() % 8;
    for (int i = 0; i < 8; i++) {
      int x = me.x + around[(first + i) % 8][0], y = me.y + around[(first + i) % 8][1];
      if (x >= 0 && y >= 0 && x < SIZE && y < SIZE && t.snow[x][y] > 0 && !taken(t, x, y))
        return "pickup " + std::to_string(x) + " " + std::to_string(y);
    }
    return "stand";  // no snow within reach: go and find some
  }

  std::string hunt(const Turn &t, const Child &me) {
    if (!me.standing) return "stand";
    int target = -1, best = 1 << 30;
    for (const auto &seen : lastSeen_) {
      int d = squaredDistance(me.x, me.y, seen.second.first, seen.second.second);
      if (d < best) best = d, target = seen.first;
    }
    if (target >= 0 && t.children[target].visible && best <= THROW_RANGE_SQUARED) {
      // Aim past the enemy, so the snowball is still low when it reaches it.
      const Child &e = t.children[target];
      return "throw " + std::to_string(2 * e.x - me.x) + " " + std::to_string(2 * e.y - me.y);
    }
    int gx = SIZE - 3, gy = SIZE - 3;
    if (target >= 0) gx = lastSeen_[target].first, gy = lastSeen_[target].second;
    if (target >= 0 && best <= 2) lastSeen_.erase(target);  // got there and it is gone
    int dx = sign(gx - me.x), dy = sign(gy - me.y);
    if (random_() % 4 == 0) dx = static_cast<int>(random_() % 3) - 1;  // a little wander around obstacles
    int x = me.x + dx, y = me.y + dy;
    if ((dx == 0 && dy == 0) || x < 0 || y < 0 || x >= SIZE || y >= SIZE || taken(t, x, y)) return "idle";
    return "run " + std::to_string(x) + " " + std::to_string(y);
  }

  static bool taken(const Turn &t, int x, int y) {
    for (const Child &c : t.children)
      if (c.visible && c.x == x && c.y == y) return true;
    return false;
  }
};

}  // namespace

int main() {
  std::ios::sync_with_stdio(false);
  Squad squad;
  Turn turn;
  int played = 0;
  while (readTurn(std::cin, turn)) {
    played++;
    for (const std::string &line : squad.play(turn)) std::cout << line << '\n';
    std::cout << std::flush;
  }
  std::cerr << "squad: read the end of the game after " << played << " turns" << std::endl;
  return 0;
}
