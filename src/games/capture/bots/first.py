# A first Capture bot: the sled drives in circles, closing a loop every lap, and each
# bumper heads for the nearest grey puck. Colors: 0 yours, 1 the opponent's, 2 grey.


def act(state: str) -> str:
    lines = state.split("\n")
    n = int(lines[1])  # the puck count; then "x y vx vy color" per puck
    pucks = [[float(v) for v in line.split(" ")] for line in lines[2 : 2 + n]]
    # After the pucks: the bumper count (4), then "x y vx vy" per bumper, your two first.
    bumpers = [[float(v) for v in line.split(" ")] for line in lines[3 + n : 5 + n]]
    move = []
    for bx, by, vx, vy in bumpers:
        goal, best = (400, 400), float("inf")
        for px, py, _, _, color in pucks:
            d = (px - bx) ** 2 + (py - by) ** 2
            if color == 2 and d < best:
                goal, best = (px, py), d
        # Accelerate toward the goal, braking by half the speed (the engine caps it at 8).
        move += [(goal[0] - bx) / 10 - vx / 2, (goal[1] - by) / 10 - vy / 2]
    move.append(0.2)  # the sled turns left 0.2 rad a turn: a lap is 32 turns, short enough to close
    return " ".join("%.3f" % v for v in move) + "\n"
