# Classic: an Icy Projectile player written as the 2011 sample players were, a program that
# reads each turn's state on standard input and prints its four moves, until the turn is -1.
# Each child gathers a few snowballs, then stalks the nearest enemy it can see and throws.
import sys
from collections import Counter, deque
from dataclasses import dataclass
from itertools import product
from random import Random

SIZE = 31
THROW_RANGE = 8
STEPS = [(dx, dy) for dx, dy in product((-1, 0, 1), repeat=2) if dx or dy]
SNOWBALLS = {"e": 1, "f": 2, "g": 3}
rnd = Random(2011)


@dataclass
class Child:
    x: int
    y: int
    standing: bool
    holding: str
    dazed: int


def read_child():
    line = input().strip()
    if line == "*":
        return None
    x, y, stance, holding, dazed = line.split()
    return Child(int(x), int(y), stance == "S", holding, int(dazed))


def read_turn():
    turn = int(input())
    if turn < 0:
        return None
    input()  # the score line
    field = [input().split() for _ in range(SIZE)]
    mine = [read_child() for _ in range(4)]
    enemies = [read_child() for _ in range(4)]
    return turn, field, mine, [e for e in enemies if e]


def snow(field, x, y):
    if not (0 <= x < SIZE and 0 <= y < SIZE):
        return -1
    cell = field[x][y]
    return -1 if cell == "**" or cell[1] == "b" else int(cell[0])


def nearest(child, enemies):
    return min(enemies, key=lambda e: (e.x - child.x) ** 2 + (e.y - child.y) ** 2, default=None)


def toward(field, child, goal, busy):
    # Breadth-first over open cells, a few steps deep: the first step of a shortest path.
    start = (child.x, child.y)
    seen = {start: None}
    queue = deque([start], 400)
    while queue:
        here = queue.popleft()
        if max(abs(here[0] - goal[0]), abs(here[1] - goal[1])) <= 1:
            break
        for dx, dy in STEPS:
            nxt = (here[0] + dx, here[1] + dy)
            if nxt not in seen and snow(field, *nxt) >= 0 and nxt not in busy and len(seen) < 300:
                seen[nxt] = here
                queue.append(nxt)
    step = here
    while seen.get(step) not in (None, start):
        step = seen[step]
    return step if step != start else None


def move(field, child, enemies, busy):
    if child.dazed:
        return "idle"
    balls = SNOWBALLS.get(child.holding, 0)
    target = nearest(child, enemies)
    if balls:
        if not child.standing:
            return "stand"
        if target and max(abs(target.x - child.x), abs(target.y - child.y)) <= THROW_RANGE:
            return "throw %d %d" % (2 * target.x - child.x, 2 * target.y - child.y)
        goal = (target.x, target.y) if target else (SIZE - 3, SIZE - 3)
        step = toward(field, child, goal, busy)
        return "run %d %d" % step if step else "idle"
    if child.holding in "bcd":
        return "crush"
    if child.holding != "a":
        return "drop %d %d" % (child.x + (1 if child.x == 0 else -1), child.y)
    if child.standing:
        return "crouch"
    options = [(child.x + dx, child.y + dy) for dx, dy in STEPS]
    rnd.shuffle(options)
    for x, y in options:
        if snow(field, x, y) > 0 and (x, y) not in busy:
            return "pickup %d %d" % (x, y)
    return "stand"


def main():
    plays = Counter()
    while True:
        state = read_turn()
        if state is None:
            break
        turn, field, mine, enemies = state
        busy = set((c.x, c.y) for c in mine + enemies if c)
        moves = [move(field, c, enemies, busy) if c else "idle" for c in mine]
        plays.update(m.split()[0] for m in moves)
        for m in moves:
            print(m)
        sys.stdout.flush()
    print("moves played:", sorted(plays.items()), file=sys.stderr)


main()
