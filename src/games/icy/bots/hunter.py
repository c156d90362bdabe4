# Hunter: every child makes snowballs and throws them at the nearest enemy it can see.
# A throw aims twice as far as the target, so the snowball is still high when it passes it.


def child(line):
    if not line or line == '*':
        return None
    x, y, stance, holding, dazed = line.split(' ')
    return {'x': int(x), 'y': int(y), 'standing': stance == 'S', 'holding': holding, 'dazed': int(dazed)}


def parse(state):
    lines = state.split('\n')
    enemies = [child(line) for line in lines[37:41]]
    return {
        'field': [row.split(' ') for row in lines[2:33]],
        'mine': [child(line) for line in lines[33:37]],
        'enemies': [e for e in enemies if e],
    }


def snow_at(field, x, y):
    if x < 0 or y < 0 or x > 30 or y > 30:
        return -1
    cell = field[x][y]
    if cell == '**' or cell[1] == 'b':
        return -1
    return int(cell[:-1])


def smalls(h):
    return 1 if h == 'e' else 2 if h == 'f' else 3 if h == 'g' else 0


def sign(v):
    return (v > 0) - (v < 0)


def decide(view, c, k):
    if c['dazed'] > 0:
        return 'idle'
    target = None
    best = float('inf')
    for e in view['enemies']:
        d = (e['x'] - c['x']) ** 2 + (e['y'] - c['y']) ** 2
        if d < best:
            best = d
            target = e
    if smalls(c['holding']) > 0:
        if not c['standing']:
            return 'stand'
        if target and best <= 144:
            return f"throw {c['x'] + 2 * (target['x'] - c['x'])} {c['y'] + 2 * (target['y'] - c['y'])}"
        goal = target or {'x': 28, 'y': 28}  # the enemy starts in the far corner
        dx = sign(goal['x'] - c['x'])
        dy = sign(goal['y'] - c['y'])
        return f"run {c['x'] + dx} {c['y'] + dy}" if dx or dy else 'idle'
    if c['holding'] in 'bcd':
        return 'crush'
    if c['holding'] != 'a':
        return f"drop {c['x'] - 1 if c['x'] > 0 else 1} {c['y']}"
    if c['standing']:
        return 'crouch'
    return pickup_snow(view, c, k)


AROUND = [(1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)]


def pickup_snow(view, c, k):
    others = view['mine'] + view['enemies']
    for i in range(8):
        dx, dy = AROUND[(i + k) % 8]
        x = c['x'] + dx
        y = c['y'] + dy
        taken = any(o and o['x'] == x and o['y'] == y for o in others)
        if snow_at(view['field'], x, y) > 0 and not taken:
            return f'pickup {x} {y}'
    return 'stand'


def act(state):
    view = parse(state)
    return '\n'.join(decide(view, c, k) for k, c in enumerate(view['mine'])) + '\n'
