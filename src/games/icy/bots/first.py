# A first Icy Projectile bot: each child stands up and runs toward the middle of the field.
# The input: the turn, the two scores, 31 lines of the field, then 8 lines of children (yours first).


def sign(v):
    return (v > 0) - (v < 0)


def act(state: str) -> str:
    lines = state.split("\n")
    moves = []
    for k in range(4):
        # Your child k is on line 33 + k: "x y stance holding dazed", stance S (standing) or C (crouching).
        x, y, stance = lines[33 + k].split(" ")[:3]
        dx, dy = sign(15 - int(x)), sign(15 - int(y))
        if stance == "C":
            moves.append("stand")
        elif dx == 0 and dy == 0:
            moves.append("idle")
        else:
            moves.append(f"run {int(x) + dx} {int(y) + dy}")
    # One line per child, in order.
    return "\n".join(moves) + "\n"
