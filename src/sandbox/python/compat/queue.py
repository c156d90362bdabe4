import heapq
from collections import deque


class Empty(Exception):
    pass


class Full(Exception):
    pass


class Queue:
    def __init__(self, maxsize=0):
        self.maxsize = maxsize
        self._init()

    def _init(self):
        self.queue = deque((), 1 << 30)

    def _put(self, item):
        self.queue.append(item)

    def _get(self):
        return self.queue.popleft()

    def qsize(self):
        return len(self.queue)

    def empty(self):
        return not self.qsize()

    def full(self):
        return 0 < self.maxsize <= self.qsize()

    def put(self, item, block=True, timeout=None):
        # One program, no other thread: a full queue would wait forever.
        if self.full():
            raise Full
        self._put(item)

    def get(self, block=True, timeout=None):
        if not self.qsize():
            raise Empty
        return self._get()

    def put_nowait(self, item):
        return self.put(item, False)

    def get_nowait(self):
        return self.get(False)

    def task_done(self):
        pass

    def join(self):
        pass


class LifoQueue(Queue):
    def _init(self):
        self.queue = []

    def _get(self):
        return self.queue.pop()


class PriorityQueue(Queue):
    def _init(self):
        self.queue = []

    def _put(self, item):
        heapq.heappush(self.queue, item)

    def _get(self):
        return heapq.heappop(self.queue)


SimpleQueue = Queue
