# The sandbox's sys: the program's streams and a few constants, nothing of the host.
# _streams (raw stdin or None, stdout, stderr) is handed in by the prelude and kept only in closures.


def _make(raw, out, err):
    pending = [b""]
    ended = [raw is None]
    chunk = bytearray(4096)

    def fill():
        # One read gives what has arrived (blocking until something has); 0 bytes is the end.
        if ended[0]:
            return False
        n = raw.readinto(chunk)
        if not n:
            # The host ends a read with one 0 after the bytes that had arrived; only a second is the end.
            n = raw.readinto(chunk)
        if not n:
            ended[0] = True
            return False
        pending[0] += bytes(chunk[:n])
        return True

    def readline(limit=-1):
        while True:
            data = pending[0]
            cut = data.find(b"\n")
            if cut >= 0 and (limit < 0 or cut < limit):
                pending[0] = data[cut + 1 :]
                return str(data[: cut + 1], "utf-8")
            if 0 <= limit <= len(data):
                pending[0] = data[limit:]
                return str(data[:limit], "utf-8")
            if not fill():
                pending[0] = b""
                return str(data, "utf-8")

    def read(size=-1):
        while size < 0 or len(pending[0]) < size:
            if not fill():
                break
        data = pending[0]
        if size < 0:
            size = len(data)
        pending[0] = data[size:]
        return str(data[:size], "utf-8")

    def readlines():
        lines = []
        while True:
            line = readline()
            if not line:
                return lines
            lines.append(line)

    def next_line():
        line = readline()
        if not line:
            raise StopIteration
        return line

    # Methods of a class in a function see no variables of the function here: they are set from outside.
    class Stdin:
        def __iter__(self):
            return self

        def fileno(self):
            return 0

        def isatty(self):
            return False

    Stdin.readline = lambda self, limit=-1: readline(limit)
    Stdin.read = lambda self, size=-1: read(size)
    Stdin.readlines = lambda self: readlines()
    Stdin.__next__ = lambda self: next_line()

    def input(prompt=""):
        if prompt:
            out.write(prompt)
        line = readline()
        if not line:
            raise EOFError("EOF when reading a line")
        return line[:-1] if line[-1:] == "\n" else line

    return Stdin(), out, err, input


stdin, stdout, stderr, _input = _make(*_streams)
__stdin__, __stdout__, __stderr__ = stdin, stdout, stderr
del _streams, _make

argv = ["bot.py"]
maxsize = 2**63 - 1
byteorder = "little"
platform = "umpire"
version = "3.4.0 (MicroPython 1.27 in the umpire sandbox)"
version_info = (3, 4, 0, "final", 0)
_limit = [1000]


def exit(status=None):
    raise SystemExit(status)


def getrecursionlimit():
    return _limit[0]


def setrecursionlimit(limit):
    # Recorded only: the interpreter's own depth limit (3,000 calls) is what holds.
    if not isinstance(limit, int) or limit < 1:
        raise ValueError("recursion limit must be greater or equal than 1")
    _limit[0] = limit
