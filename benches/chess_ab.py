#!/usr/bin/env python3
"""Plays two builds of Doska's chess engine against each other, to tell whether a change
to the search or the evaluation pays.

Usage: benches/chess_ab.py NEW OLD [--movetime 0.08] [--openings 150] [--first 0]
                           [--parallel 2] [--stockfish PATH] [--seed 7] [--hash MB]

Each opening is played twice, NEW taking each colour once, `--parallel` games at a time
on one thread each. The openings are eight random plies from the start that Stockfish
(eight plies deep) scores within half a pawn, the same list for the same seed and
Stockfish; `--first N` skips the first N, so runs can go on where others stopped. Games
are adjudicated as `chess_strength.py` does. The score is NEW's, with the Elo difference
it means and that difference's standard error. `--hash` sets both engines' transposition
table: a small one fills in short games as the default one does at a second a move, so
a change to the table can be measured quickly. Needs the Python `chess` package and a
`stockfish` binary (Debian: `stockfish`, in /usr/games).
"""

import argparse
import concurrent.futures
import math
import random
import shutil
import sys

import chess
import chess.engine

from chess_strength import play, points

RANDOM_PLIES, BALANCED = 8, 50


def openings(stockfish_path, seed, count):
    """`count` balanced openings, each as moves in UCI notation separated by spaces."""
    rng = random.Random(seed)
    found, seen = [], set()
    stockfish = chess.engine.SimpleEngine.popen_uci(stockfish_path)
    try:
        while len(found) < count:
            board = chess.Board()
            for _ in range(RANDOM_PLIES):
                moves = list(board.legal_moves)
                if not moves:
                    break
                board.push(rng.choice(moves))
            line = " ".join(m.uci() for m in board.move_stack)
            if board.is_game_over() or line in seen:
                continue
            info = stockfish.analyse(board, chess.engine.Limit(depth=8))
            if abs(info["score"].white().score(mate_score=100000)) <= BALANCED:
                seen.add(line)
                found.append(line)
    finally:
        stockfish.quit()
    return found


def game(new, old, opening, new_white, movetime, hash_megabytes):
    """NEW's points from one game."""
    engines = [chess.engine.SimpleEngine.popen_uci([path, "uci"]) for path in (new, old)]
    try:
        if hash_megabytes:
            for engine in engines:
                engine.configure({"Hash": hash_megabytes})
        _, result, _ = play(engines[0], engines[1], new_white, opening, movetime)
    finally:
        for engine in engines:
            engine.quit()
    return points(result, new_white)


def elo(share):
    return 400.0 * math.log10(share / (1.0 - share)) if 0.0 < share < 1.0 else math.nan


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("new")
    parser.add_argument("old")
    parser.add_argument("--movetime", type=float, default=0.08)
    parser.add_argument("--openings", type=int, default=150)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--parallel", type=int, default=2)
    parser.add_argument("--stockfish", default=shutil.which("stockfish") or "/usr/games/stockfish")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--hash", type=int, default=0,
                        help="both engines' table in MB (0: each engine's default)")
    args = parser.parse_args()

    lines = openings(args.stockfish, args.seed, args.first + args.openings)[args.first:]
    jobs = [(line, white) for line in lines for white in (True, False)]
    results = []
    with concurrent.futures.ThreadPoolExecutor(args.parallel) as pool:
        run = lambda job: game(args.new, args.old, job[0], job[1], args.movetime, args.hash)
        for points_won in pool.map(run, jobs):
            results.append(points_won)
            n, total = len(results), sum(results)
            print(f"  {total}/{n}", file=sys.stderr, flush=True)
    n, total = len(results), sum(results)
    share = total / n
    spread = math.sqrt(sum((r - share) ** 2 for r in results) / n / n)
    error = (elo(min(share + spread, 0.999)) - elo(max(share - spread, 0.001))) / 2
    print(f"NEW {total}/{n} ({100 * share:.1f}%), {elo(share):+.0f} ± {error:.0f} Elo", flush=True)


if __name__ == "__main__":
    main()
