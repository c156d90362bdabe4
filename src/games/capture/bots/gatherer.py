# Capture (ICPC Challenge 2009): captures grey pucks on purpose. A loop holding
# grey pucks and one of our own turns them all ours, so the sled picks the
# grey puck closest to one of ours, heads for a point beside the pair, and
# then circles around both. Bumpers stay still.
import math

RADIUS = 55
RATE = 15 / RADIUS
LAP = math.ceil(2 * math.pi / RATE) + 1
circling = 0


def read(state):
    lines = state.split('\n')
    n = int(lines[1])
    pucks = [[float(v) for v in line.split(' ')] for line in lines[2:2 + n]]
    sled = [float(v) for v in lines[2 + n + 1 + 4 + 1].split(' ')]
    return pucks, sled[0], sled[1], sled[2]


def delta(a, b):
    """The shortest way from a to b on the wrapping field."""
    return math.fmod(math.fmod(b - a, 800) + 1200, 800) - 400


def hypot(a, b):
    """Math.hypot as V8 computes it, so distances match the JS bot to the last bit."""
    a, b = abs(a), abs(b)
    top = max(a, b)
    if top == 0:
        return 0.0
    total = fix = 0.0
    for v in (a / top, b / top):
        part = v * v - fix
        t = total + part
        fix = (t - total) - part
        total = t
    return math.sqrt(total) * top


def target(pucks, sx, sy):
    """The middle of the closest (own puck, grey puck) pair, nearest the sled first."""
    best = None
    for ox, oy, _, _, own in pucks:
        if own != 0:
            continue
        for gx, gy, _, _, grey in pucks:
            if grey != 2 or hypot(delta(ox, gx), delta(oy, gy)) > 75:
                continue
            mx = ox + delta(ox, gx) / 2
            my = oy + delta(oy, gy) / 2
            d = hypot(delta(sx, mx), delta(sy, my))
            if d > RADIUS - 10 and (not best or d < best[2]):
                best = (mx, my, d)
    return best


def angle(a):
    return a - math.floor(a / (2 * math.pi) + 0.5) * 2 * math.pi


def js(v):
    """A number written as JavaScript writes it: the shortest digits that read back as v."""
    if v == 0:
        return '0'
    p = 1
    while float('%.*e' % (p - 1, v)) != v:
        p += 1
    mantissa, e = ('%.*e' % (p - 1, v)).split('e')
    digits = mantissa.lstrip('-').replace('.', '')
    n = int(e) + 1  # digits before the decimal point
    sign = '-' if v < 0 else ''
    if len(digits) <= n <= 21:
        return sign + digits + '0' * (n - len(digits))
    if 0 < n <= 21:
        return sign + digits[:n] + '.' + digits[n:]
    if -6 < n <= 0:
        return sign + '0.' + '0' * -n + digits
    tail = '.' + digits[1:] if len(digits) > 1 else ''
    return sign + digits[0] + tail + 'e' + ('+' if n > 0 else '-') + str(abs(n - 1))


def act(state):
    global circling
    pucks, sx, sy, sdir = read(state)
    if circling > 0:
        circling -= 1
        return '0 0 0 0 ' + js(RATE)
    goal = target(pucks, sx, sy)
    if not goal:
        return '0 0 0 0 0'
    gx, gy, gd = goal
    # Aim at the point RADIUS to the right of the pair's middle, seen along the way there.
    dx = delta(sx, gx)
    dy = delta(sy, gy)
    aim_x = dx + (dy / gd) * RADIUS
    aim_y = dy - (dx / gd) * RADIUS
    # Circle once the pair's middle is RADIUS away on the left, with the sled heading along the circle.
    tangent = math.atan2(-dx, dy)
    if abs(gd - RADIUS) < 10 and abs(angle(tangent - sdir)) < 0.35:
        circling = LAP - 1
        return '0 0 0 0 ' + js(RATE)
    turn = angle(math.atan2(aim_y, aim_x) - sdir)
    return '0 0 0 0 ' + js(max(-0.5, min(0.5, turn)))
