#!/usr/bin/env python3
"""Plays Doska's chess engine (`doska uci`) against Stockfish held to a rating.

Usage: benches/chess_strength.py [--doska PATH] [--stockfish PATH] [--elo 1400 1800 2200]
                                 [--games 40] [--first 0] [--movetime 1.0] [--skill hard]
                                 [--threads 1] [--no-adjudication] [--pgn FILE]

Each pairing plays `--games` games, colours alternating, each game from one of a fixed
set of openings (played out by both sides, so each opening is seen with both colours).
Stockfish is limited with UCI_LimitStrength and UCI_Elo. The score is printed for each
rating as points (a draw is half) out of games, with the percentage. `--threads` is
Doska's (Stockfish searches on one; held to a rating it picks its move at a fixed
depth, so more threads would not change its play). Needs the Python
`chess` package and a `stockfish` binary (Debian: `stockfish`, in /usr/games).

Games are adjudicated as match software does (cutechess-cli's -resign and -draw): won
when both engines have scored it 600 centipawns or more for the same side for four moves
in a row, drawn after move 40 when both have scored it within 10 centipawns for ten
moves in a row. `--first N` starts at game N of the schedule, so a match can be split
between processes and the parts added up. `--pgn FILE` appends every game to FILE, so
the losses can be looked at in any chess program.
"""

import argparse
import shutil
import sys

import chess
import chess.engine
import chess.pgn

# Short, common openings, so the games differ: with colours reversed, 40 games.
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
    "e2e4 d7d5 e4d5 d8d5",
    "e2e4 g7g6 d2d4 f8g7",
    "d2d4 f7f5 g2g3 g8f6",
    "c2c4 c7c5 g1f3 b8c6",
    "e2e4 e7e5 g1f3 g8f6",
    "d2d4 d7d5 g1f3 g8f6",
    "e2e4 c7c5 b1c3 b8c6",
    "d2d4 g8f6 c2c4 e7e5",
    "b2b3 e7e5 c1b2 b8c6",
    "e2e4 d7d6 d2d4 g8f6",
]


RESIGN_SCORE, RESIGN_MOVES = 600, 4
DRAW_SCORE, DRAW_MOVES, DRAW_FROM = 10, 10, 40


def finished(board):
    """Whether the game is over as match software ends it by itself: mate, stalemate,
    too little material, the position a third time or fifty moves without a capture or
    a pawn's move. A draw the side to move could claim with its next move is played on:
    an engine ahead would not claim it."""
    return board.is_game_over() or board.is_repetition(3) or board.is_fifty_moves()


def play(doska, stockfish, doska_white, opening, movetime, adjudicate=True):
    """The game's final board and its result ("1-0", "0-1" or "1/2-1/2"), with how it
    ended when adjudicated."""
    board = chess.Board()
    for uci in opening.split():
        board.push_uci(uci)
    limit = chess.engine.Limit(time=movetime)
    # White's score as each engine last saw it, one entry per ply.
    scores = []
    while not finished(board):
        ours = (board.turn == chess.WHITE) == doska_white
        engine = doska if ours else stockfish
        result = engine.play(board, limit, info=chess.engine.INFO_SCORE)
        score = result.info.get("score")
        scores.append(score.white().score(mate_score=100000) if score else None)
        board.push(result.move)
        if adjudicate and (winner := adjudication(scores, board.fullmove_number)) is not None:
            if winner == "draw":
                return board, "1/2-1/2", "adjudication"
            return board, "1-0" if winner == chess.WHITE else "0-1", "adjudication"
    outcome = board.outcome()
    return board, outcome.result() if outcome else "1/2-1/2", "normal"


def points(result, doska_white):
    """Doska's points from a game's result: 1, 0.5 or 0."""
    if result == "1/2-1/2":
        return 0.5
    return float((result == "1-0") == doska_white)


def record(path, board, result, termination, doska_white, elo, round_number):
    """Appends the game to the PGN file at `path`."""
    game = chess.pgn.Game.from_board(board)
    doska, stockfish = "Doska", f"Stockfish (UCI_Elo {elo})"
    game.headers["Event"] = "Doska against Stockfish"
    game.headers["Round"] = str(round_number)
    game.headers["White"] = doska if doska_white else stockfish
    game.headers["Black"] = stockfish if doska_white else doska
    game.headers["Result"] = result
    game.headers["Termination"] = termination
    with open(path, "a", encoding="utf-8") as f:
        print(game, file=f, end="\n\n")


def adjudication(scores, move_number):
    """chess.WHITE or chess.BLACK for a decided game, "draw" for a dead one, else None."""
    last = scores[-2 * RESIGN_MOVES:]
    if len(last) == 2 * RESIGN_MOVES and None not in last:
        if all(s >= RESIGN_SCORE for s in last):
            return chess.WHITE
        if all(s <= -RESIGN_SCORE for s in last):
            return chess.BLACK
    last = scores[-2 * DRAW_MOVES:]
    if move_number > DRAW_FROM and len(last) == 2 * DRAW_MOVES and None not in last:
        if all(abs(s) <= DRAW_SCORE for s in last):
            return "draw"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--doska", default="target/release/doska")
    parser.add_argument("--stockfish", default=shutil.which("stockfish") or "/usr/games/stockfish")
    parser.add_argument("--elo", type=int, nargs="+", default=[1400, 1800, 2200])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--no-adjudication", action="store_true")
    parser.add_argument("--movetime", type=float, default=1.0)
    parser.add_argument("--skill", default="hard", choices=["easy", "normal", "hard"])
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--pgn")
    args = parser.parse_args()

    doska = chess.engine.SimpleEngine.popen_uci([args.doska, "uci"])
    doska.configure({"Skill": args.skill, "Threads": args.threads})
    stockfish = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    try:
        for elo in args.elo:
            stockfish.configure({"UCI_LimitStrength": True, "UCI_Elo": elo})
            total = 0.0
            for n in range(args.games):
                game = args.first + n
                opening = OPENINGS[(game // 2) % len(OPENINGS)]
                white = game % 2 == 0
                board, result, termination = play(doska, stockfish, white, opening,
                                                  args.movetime, not args.no_adjudication)
                total += points(result, white)
                if args.pgn:
                    record(args.pgn, board, result, termination, white, elo, game + 1)
                print(f"  elo {elo}: {total}/{n + 1}", file=sys.stderr, flush=True)
            share = 100.0 * total / args.games
            print(f"Stockfish UCI_Elo {elo}: Doska {total}/{args.games} ({share:.0f}%)", flush=True)
    finally:
        doska.quit()
        stockfish.quit()


if __name__ == "__main__":
    main()
