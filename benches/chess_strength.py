#!/usr/bin/env python3
"""Plays Doska's chess engine (`doska uci`) against Stockfish held to a rating.

Usage: benches/chess_strength.py [--doska PATH] [--stockfish PATH] [--elo 1400 1800 2200]
                                 [--games 40] [--movetime 1.0] [--skill hard]

Each pairing plays `--games` games, colours alternating, each game from one of a fixed
set of openings (played out by both sides, so each opening is seen with both colours).
Stockfish is limited with UCI_LimitStrength and UCI_Elo. The score is printed for each
rating as points (a draw is half) out of games, with the percentage. Needs the Python
`chess` package and a `stockfish` binary (Debian: `stockfish`, in /usr/games).
"""

import argparse
import shutil
import sys

import chess
import chess.engine

# Short, common openings, so the games differ.
OPENINGS = [
    "e2e4 e7e5 g1f3 b8c6",
    "e2e4 c7c5 g1f3 d7d6",
    "d2d4 d7d5 c2c4 e7e6",
    "d2d4 g8f6 c2c4 g7g6",
    "e2e4 e7e6 d2d4 d7d5",
    "e2e4 c7c6 d2d4 d7d5",
    "c2c4 e7e5 b1c3 g8f6",
    "g1f3 d7d5 g2g3 g8f6",
    "e2e4 e7e5 f1c4 g8f6",
    "d2d4 g8f6 g1f3 e7e6",
]


def play(doska, stockfish, doska_white, opening, movetime):
    board = chess.Board()
    for uci in opening.split():
        board.push_uci(uci)
    limit = chess.engine.Limit(time=movetime)
    while not board.is_game_over(claim_draw=True):
        ours = (board.turn == chess.WHITE) == doska_white
        engine = doska if ours else stockfish
        result = engine.play(board, limit)
        board.push(result.move)
    outcome = board.outcome(claim_draw=True)
    if outcome.winner is None:
        return 0.5
    return 1.0 if outcome.winner == doska_white else 0.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--doska", default="target/release/doska")
    parser.add_argument("--stockfish", default=shutil.which("stockfish") or "/usr/games/stockfish")
    parser.add_argument("--elo", type=int, nargs="+", default=[1400, 1800, 2200])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--movetime", type=float, default=1.0)
    parser.add_argument("--skill", default="hard", choices=["easy", "normal", "hard"])
    args = parser.parse_args()

    doska = chess.engine.SimpleEngine.popen_uci([args.doska, "uci"])
    doska.configure({"Skill": args.skill})
    stockfish = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    try:
        for elo in args.elo:
            stockfish.configure({"UCI_LimitStrength": True, "UCI_Elo": elo})
            points = 0.0
            for game in range(args.games):
                opening = OPENINGS[(game // 2) % len(OPENINGS)]
                points += play(doska, stockfish, game % 2 == 0, opening, args.movetime)
                print(f"  elo {elo}: {points}/{game + 1}", file=sys.stderr, flush=True)
            share = 100.0 * points / args.games
            print(f"Stockfish UCI_Elo {elo}: Doska {points}/{args.games} ({share:.0f}%)", flush=True)
    finally:
        doska.quit()
        stockfish.quit()


if __name__ == "__main__":
    main()
