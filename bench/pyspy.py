"""Optional server profiling for bench.load (--profile DIR): py-spy attached to the server
process during the measured window, and a plain-text summary of where the samples fall.

Two recordings per scenario, side by side:
  <scenario>-gil.txt   only threads holding the GIL: where the server's Python CPU goes
  <scenario>-wall.txt  every thread, idle or not: where requests wait (locks, pool, sleep)
Both are py-spy "raw" (collapsed stacks, one per line, aggregated by function).

    python -m bench.pyspy DIR/B-gil.txt [--top 30] [--only app/]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

MODES = {"gil": ["--gil"], "wall": ["--idle"]}


def available() -> bool:
    return shutil.which("py-spy") is not None


def start(pid: int, seconds: float, out_dir: str, scenario: str,
          rate: int = 400) -> list[subprocess.Popen[bytes]]:
    """Start one py-spy recorder per mode; each stops by itself after `seconds`."""
    Path(out_dir).mkdir(parents=True, exist_ok=True)
    procs = []
    for mode, flags in MODES.items():
        out = Path(out_dir) / f"{scenario}-{mode}.txt"
        procs.append(subprocess.Popen(
            ["py-spy", "record", "--pid", str(pid), "--duration", str(max(1, int(seconds))),
             "--rate", str(rate), "--format", "raw", "--function", "--nonblocking",
             "--output", str(out), *flags],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        ))
    return procs


def wait(procs: list[subprocess.Popen[bytes]], timeout: float) -> None:
    for p in procs:
        try:
            p.wait(timeout)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait(5)


def summarize(path: str | Path, top: int = 30, only: str | None = "app/") -> str:
    inclusive: Counter[str] = Counter()
    own: Counter[str] = Counter()
    total = 0
    with open(path) as f:
        for line in f:
            stack, _, n = line.rstrip("\n").rpartition(" ")
            if not stack or not n.isdigit():
                continue
            count = int(n)
            total += count
            frames = stack.split(";")
            for frame in set(frames):
                inclusive[frame] += count
            own[frames[-1]] += count
    if not total:
        return f"{path}: no samples"
    lines = [f"{path}: {total} samples"]
    lines.append(f"  inclusive{' (' + only + ' only)' if only else ''}:")
    shown = 0
    for frame, count in inclusive.most_common():
        if only and only not in frame:
            continue
        lines.append(f"    {100 * count / total:5.1f}%  {frame}")
        shown += 1
        if shown >= top:
            break
    lines.append("  self (any module):")
    for frame, count in own.most_common(top):
        lines.append(f"    {100 * count / total:5.1f}%  {frame}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.pyspy", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--only", default="app/", help="filter for the inclusive list ('' = all)")
    args = parser.parse_args(argv)
    for path in args.files:
        print(summarize(path, args.top, args.only or None))
    return 0


if __name__ == "__main__":
    sys.exit(main())
