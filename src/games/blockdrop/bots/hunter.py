# Block drop (JavaChallenge 2015): hunts the nearest player. It lines up with
# the target's row or column of blocks, faces it and attacks, and it never
# steps onto a block that is about to drop or has dropped.
STEP = {'U': (-1, 0), 'R': (0, 1), 'D': (1, 0), 'L': (0, -1)}


def parse(state):
    lines = state.strip().split('\n')
    blocks = [[int(v) for v in line.split()] for line in lines[2:8]]
    players = []
    for line in lines[8:12]:
        # The engine writes each player's column first, then its row.
        c, r, d, s = line.split()
        players.append({'row': int(r), 'col': int(c), 'dir': d, 'cooldown': int(s)})
    return int(lines[0]), blocks, players


def block(n):
    return n // 3


def safe(blocks, row, col):
    if row < 0 or col < 0 or row > 17 or col > 17:
        return False
    t = blocks[block(row)][block(col)]
    return t == 0 or t > 8


def act(state):
    if state.strip() == '':
        return 'READY'
    me_id, blocks, players = parse(state)
    me = players[me_id]
    if me['cooldown'] > 0:
        return 'N'
    others = [p for k, p in enumerate(players) if k != me_id and p['row'] >= 0]
    if not others:
        return 'N'
    target = min(others, key=lambda p: abs(p['row'] - me['row']) + abs(p['col'] - me['col']))
    br, bc, tr, tc = block(me['row']), block(me['col']), block(target['row']), block(target['col'])
    want = None
    if br == tr and bc != tc:
        want = 'R' if tc > bc else 'L'
    elif bc == tc and br != tr:
        want = 'D' if tr > br else 'U'
    if want:
        return 'A' if me['dir'] == want else want
    # Line up on the axis that is closer, moving only onto safe squares.
    vertical = 'D' if tr > br else 'U'
    horizontal = 'R' if tc > bc else 'L'
    options = [vertical, horizontal] if abs(tr - br) <= abs(tc - bc) else [horizontal, vertical]
    for d in options + ['U', 'R', 'D', 'L']:
        dr, dc = STEP[d]
        if safe(blocks, me['row'] + dr, me['col'] + dc):
            return d
    return 'N'
