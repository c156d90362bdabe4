# A first block-drop bot: attack a player in line with us, else walk on stable blocks.
STEP = {'U': (-1, 0), 'R': (0, 1), 'D': (1, 0), 'L': (0, -1)}


def act(state):
    if state.strip() == '':
        return 'READY'  # the first call: say we are ready
    lines = state.strip().split('\n')
    me = int(lines[0])
    timers = [[int(v) for v in line.split()] for line in lines[2:8]]
    # Each player's line: column, row, direction, wait (column first).
    players = [line.split() for line in lines[8:12]]
    col, row, direction, wait = int(players[me][0]), int(players[me][1]), players[me][2], int(players[me][3])
    if wait > 0:
        return 'N'  # still resting after an attack
    stable = lambda r, c: 0 <= r < 18 and 0 <= c < 18 and timers[r // 3][c // 3] == 0
    for k, (c, r) in enumerate((int(p[0]), int(p[1])) for p in players):
        toward = None
        if k != me and r >= 0 and r // 3 == row // 3 and c // 3 != col // 3:
            toward = 'R' if c > col else 'L'
        if k != me and r >= 0 and c // 3 == col // 3 and r // 3 != row // 3:
            toward = 'D' if r > row else 'U'
        if toward and stable(row, col):
            return 'A' if toward == direction else toward  # face it, then attack
    for d in [direction, 'U', 'R', 'D', 'L']:
        if stable(row + STEP[d][0], col + STEP[d][1]):
            return d  # keep going while the way is safe
    return 'N'
