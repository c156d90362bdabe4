# The smallest Icy Projectile player for the original engine (icypc.jar, syncpipe), in Python:
# reads each turn and idles its four children; `-1` or the end of input ends it.
# bench/cli-start.mjs uses it where no C compiler builds icy-idle.c.
import sys


def tokens():
    for line in sys.stdin:
        yield from line.split()


def main():
    read = tokens()
    for turn in read:
        if int(turn) < 0:
            return
        for _ in range(2 + 31 * 31):
            next(read)
        for _ in range(8):
            if next(read) != '*':
                for _ in range(4):
                    next(read)
        sys.stdout.write('idle\nidle\nidle\nidle\n')
        sys.stdout.flush()


try:
    main()
except StopIteration:
    pass
