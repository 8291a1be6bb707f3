"""Benchmark: what waking the other process costs, and why the grader does not spin instead.

    python bench/wakeup.py [--calls N] [--busy K]

Two Python processes ping-pong a short message over a socketpair, each side doing ``work`` µs of
busy CPU before it answers (0, 10 and 20: what encoding, decoding and the call itself cost on
each side of a real crossing, bench/crossing.py). Each round trip is timed two ways:

- ``block``: a blocking ``os.read``, as every crossing does: the waiting process sleeps, and on a
  virtual machine whose idle CPU halts, waking it costs a trip through the hypervisor;
- ``spin``: non-blocking reads with ``sched_yield`` between them for up to 100 µs, then block.

With ``--busy K``, K processes of busy loops run meanwhile (a machine grading on every core, as
CI does). The column "minus work" is the round trip less the 2 × work both sides spent: the cost of
the crossing itself. A script that prints numbers: nothing here can fail a build.
"""

import argparse
import os
import socket
import time

SPIN_SECONDS = 100e-6


def work(microseconds: float) -> None:
    end = time.perf_counter() + microseconds / 1e6
    while time.perf_counter() < end:
        pass


def receive(fd: int, spin: bool) -> bytes:
    if spin:
        end = time.perf_counter() + SPIN_SECONDS
        os.set_blocking(fd, False)
        try:
            while True:
                try:
                    return os.read(fd, 65536)
                except BlockingIOError:
                    if time.perf_counter() > end:
                        break
                    os.sched_yield()
        finally:
            os.set_blocking(fd, True)
    return os.read(fd, 65536)


def round_trip(calls: int, microseconds: float, spin: bool) -> float:
    """Seconds per round trip."""
    ours, theirs = socket.socketpair()
    pid = os.fork()
    if pid == 0:
        ours.close()
        fd = theirs.fileno()
        try:
            while receive(fd, spin):
                work(microseconds)
                os.write(fd, b"x" * 20)
        finally:
            os._exit(0)
    theirs.close()
    fd = ours.fileno()
    for n in range(calls + 500):
        if n == 500:
            start = time.perf_counter()
        work(microseconds)
        os.write(fd, b"y" * 60)
        receive(fd, spin)
    elapsed = time.perf_counter() - start
    ours.close()
    os.waitpid(pid, 0)
    return elapsed / calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=5000)
    parser.add_argument("--busy", type=int, default=0, help="busy-loop processes to run meanwhile")
    options = parser.parse_args()
    loops = []
    for _ in range(options.busy):
        pid = os.fork()
        if pid == 0:
            while True:
                pass
        loops.append(pid)
    try:
        print(f"load average {os.getloadavg()[0]:.2f}, {options.busy} busy loops, {options.calls} round trips each")
        for microseconds in (0, 10, 20):
            for spin in (False, True):
                seconds = round_trip(options.calls, microseconds, spin)
                print(f"  work {microseconds:2d} µs a side, {'spin ' if spin else 'block'}: {seconds * 1e6:8.1f} µs a round "
                      f"trip, minus work {seconds * 1e6 - 2 * microseconds:8.1f} µs", flush=True)
    finally:
        for pid in loops:
            os.kill(pid, 9)
            os.waitpid(pid, 0)


if __name__ == "__main__":
    main()
