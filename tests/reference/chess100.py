#!/usr/bin/env python3
"""An independent move generator for 100-cell chess, written from the rule spec alone
(plain squares and loops, no tables shared with the Rust engine), to check the
engine's move counts.

    python3 tests/reference/chess100.py perft DEPTH [FEN]
    python3 tests/reference/chess100.py divide DEPTH [FEN]

FEN as the engine writes it: ten ranks, J and G, castling rights A/K/a/k, and an
optional seventh field of marks (C/c castled once, V/v throne visited, squares of
pawns on their own starting rank without a double step).
"""
import sys

FILES = "abcdefghik"
START = "rnbjkqgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBJKQGBNR w AKak - 0 1"
BACK = "RNBJKQGBNR"
W, B = 0, 1


def name(sq):
    return FILES[sq[0]] + str(sq[1] + 1)


def parse_sq(s):
    return (FILES.index(s[0]), int(s[1:]) - 1)


def on(f, r):
    return 0 <= f < 10 and 0 <= r < 10


class Pos:
    def __init__(self, fen=START, extended=True, gift=True):
        self.extended, self.gift_rule = extended, gift
        parts = fen.split()
        self.board = {}
        for i, row in enumerate(parts[0].split("/")):
            r, f, j = 9 - i, 0, 0
            while j < len(row):
                c = row[j]
                if c.isdigit():
                    n = c
                    if j + 1 < len(row) and row[j + 1].isdigit():
                        n += row[j + 1]
                        j += 1
                    f += int(n)
                else:
                    self.board[(f, r)] = (W if c.isupper() else B, c.upper())
                    f += 1
                j += 1
        self.turn = W if parts[1] == "w" else B
        self.rights = [[False, False], [False, False]]
        for c in parts[2] if parts[2] != "-" else "":
            self.rights[W if c.isupper() else B][0 if c.lower() == "a" else 1] = True
        self.ep = None if parts[3] == "-" else parse_sq(parts[3])
        self.castled, self.visited = [False, False], [False, False]
        moved = set()
        if len(parts) > 6:
            for tok in parts[6].split(","):
                if tok in "Cc" and tok:
                    self.castled[0 if tok == "C" else 1] = True
                elif tok in "Vv" and tok:
                    self.visited[0 if tok == "V" else 1] = True
                elif tok != "-":
                    moved.add(parse_sq(tok))
        self.fresh = set(
            sq for sq, (s, p) in self.board.items()
            if p == "P" and sq[1] == (1 if s == W else 8) and sq not in moved)

    def copy(self):
        p = Pos.__new__(Pos)
        p.__dict__ = dict(self.__dict__)
        p.board = dict(self.board)
        p.rights = [list(x) for x in self.rights]
        p.castled, p.visited = list(self.castled), list(self.visited)
        p.fresh = set(self.fresh)
        return p

    def king(self, side):
        for sq, (s, p) in self.board.items():
            if s == side and p == "K":
                return sq

    # What a piece on sq attacks.
    def attacks(self, sq, side, role):
        f, r = sq
        out = []
        strong = f == 4

        def line(df, dr, limit):
            x, y = f, r
            for _ in range(limit):
                x, y = x + df, y + dr
                if not on(x, y):
                    return
                out.append((x, y))
                if (x, y) in self.board:
                    return

        def bends(pairs):
            for (a, b) in pairs:
                to = (f + a[0] + b[0], r + a[1] + b[1])
                if not on(*to):
                    continue
                passes = [(f + a[0], r + a[1]), (f + b[0], r + b[1])]
                if any(on(*m) and m not in self.board for m in passes):
                    out.append(to)

        diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        orth = [(1, 0), (-1, 0), (0, 1), (0, -1)]
        if role == "P":
            fw = 1 if side == W else -1
            for df in (-1, 1):
                for dr in ((fw, -fw) if strong else (fw,)):
                    if on(f + df, r + dr):
                        out.append((f + df, r + dr))
        elif role == "N":
            for df, dr in [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]:
                if on(f + df, r + dr):
                    out.append((f + df, r + dr))
        elif role in "BQ":
            for d in diag:
                line(*d, 10)
        if role in "RQ":
            for d in orth:
                line(*d, 10)
        if role == "K":
            for d in diag + orth:
                line(*d, 2 if strong else 1)
        if role == "J":
            for d in diag:
                line(*d, 10 if strong else 2)
            # two squares orthogonally, round either diagonal square between
            bends([((1, 1), (-1, 1)), ((1, 1), (1, -1)), ((-1, -1), (-1, 1)), ((-1, -1), (1, -1))])
        if role == "G":
            for d in orth:
                line(*d, 10 if strong else 2)
            bends([((0, 1), (1, 0)), ((0, 1), (-1, 0)), ((0, -1), (1, 0)), ((0, -1), (-1, 0))])
        return out

    def attacked(self, sq, by):
        for s, (side, role) in list(self.board.items()):
            if side == by and sq in self.attacks(s, side, role):
                return True
        return False

    def exposed(self, side):
        k, e = self.king(side), self.king(1 - side)
        if self.attacked(k, 1 - side):
            return True
        return e in self.attacks(k, side, "K")

    def moves(self):
        us, them = self.turn, 1 - self.turn
        out = []
        throne_us, throne_them = (4, 0 if us == W else 9), (4, 9 if us == W else 0)
        k = self.king(us)
        only_king = self.visited[us] and k == throne_them
        last = 9 if us == W else 0
        fw = 1 if us == W else -1

        def promote(m):
            fr, to = m[1], m[2]
            if to[1] != last:
                out.append(m)
            elif to == throne_them:
                for p in "QRGBJN":
                    out.append(m[:4] + (p,) + m[5:])
            else:
                out.append(m[:4] + (BACK[to[0]],) + m[5:])

        for sq, (side, role) in list(self.board.items()):
            if side != us or (only_king and role != "K"):
                continue
            f, r = sq
            if role == "P":
                one = (f, r + fw)
                if on(*one) and one not in self.board:
                    promote(("n", sq, one, None, None, None))
                    two = (f, r + 2 * fw)
                    if sq in self.fresh and two not in self.board:
                        out.append(("d", sq, two, None, None, None))
                back = (f, r - fw)
                if f == 4 and on(*back) and back not in self.board:
                    out.append(("n", sq, back, None, None, None))
                for to in self.attacks(sq, us, "P"):
                    t = self.board.get(to)
                    if t and t[0] == them and t[1] != "K":
                        promote(("n", sq, to, None, None, None))
                    if t and t[0] == us and t[1] in "BJ":
                        promote(("s", sq, to, None, None, None))
                continue
            for to in self.attacks(sq, us, role):
                t = self.board.get(to)
                if t and (t[0] == us or t[1] == "K"):
                    continue
                if role == "K" and to == throne_them:
                    if self.visited[us]:
                        continue
                    row = 1 if us == W else 8
                    free = [(x, row) for x in range(10) if (x, row) not in self.board]
                    if not self.gift_rule or not free:
                        out.append(("n", sq, to, None, None, None))
                    for g in free if self.gift_rule else []:
                        out.append(("n", sq, to, None, None, g))
                    continue
                out.append(("n", sq, to, None, None, None))
        if not only_king and k == throne_us:
            for wing in (0, 1):
                rook = (0 if wing == 0 else 9, k[1])
                if not self.rights[us][wing] or self.board.get(rook) != (us, "R"):
                    continue
                between = range(1, 4) if wing == 0 else range(5, 9)
                if any((x, k[1]) in self.board for x in between):
                    continue
                path = range(1, 5) if wing == 0 else range(4, 8)
                if any(self.attacked((x, k[1]), them) for x in path):
                    continue
                out.append(("c", k, (1 if wing == 0 else 7, k[1]), None, None, None))
        if self.ep and not only_king:
            pawn = (self.ep[0], self.ep[1] - fw)
            for sq, (side, role) in list(self.board.items()):
                if side != us or (role != "P" and not self.extended):
                    continue
                if self.ep in self.attacks(sq, us, role):
                    out.append(("e", sq, self.ep, pawn, None, None))
        legal = []
        for m in out:
            p = self.copy()
            p.play(m)
            if not p.exposed(us):
                legal.append(m)
        return legal

    def play(self, m):
        kind, fr, to, taken, promo, gift = m
        us = self.turn
        side, role = self.board.pop(fr)
        self.ep = None
        if kind == "s":
            partner = self.board[to]
            self.board[fr] = partner
        if kind == "e":
            del self.board[taken]
            self.fresh.discard(taken)
        self.board[to] = (us, promo or role)
        if kind == "c":
            row = fr[1]
            if to[0] < fr[0]:
                del self.board[(0, row)]
                self.board[(2, row)] = (us, "R")
                self.rights[us][0] = False
            else:
                del self.board[(9, row)]
                self.board[(6, row)] = (us, "R")
                self.rights[us][1] = False
            self.castled[us] = True
        elif role == "K" and not self.castled[us]:
            self.rights[us] = [False, False]
        for s, row in ((W, 0), (B, 9)):
            for wing, x in ((0, 0), (1, 9)):
                if (x, row) in (fr, to):
                    self.rights[s][wing] = False
        self.fresh.discard(fr)
        self.fresh.discard(to)
        if role == "K" and to == (4, 9 if us == W else 0):
            self.visited[us] = True
        if gift:
            self.board[gift] = (us, "P")
            self.fresh.add(gift)
        self.turn = 1 - us
        if kind == "d":
            skipped = (fr[0], (fr[1] + to[1]) // 2)
            # kept only where somebody may take there, as the engine keeps it
            if any(side == self.turn and (role == "P" or self.extended)
                   and skipped in self.attacks(sq, side, role)
                   for sq, (side, role) in self.board.items()):
                self.ep = skipped


def perft(p, depth):
    if depth == 0:
        return 1
    ms = p.moves()
    if depth == 1:
        return len(ms)
    total = 0
    for m in ms:
        q = p.copy()
        q.play(m)
        total += perft(q, depth - 1)
    return total


def text(m):
    kind, fr, to, taken, promo, gift = m
    s = name(fr) + name(to)
    if promo:
        s += "=" + promo
    if gift:
        s += "@" + name(gift)
    return s


if __name__ == "__main__":
    cmd, depth = sys.argv[1], int(sys.argv[2])
    fen = sys.argv[3] if len(sys.argv) > 3 else START
    p = Pos(fen)
    if cmd == "perft":
        print(perft(p, depth))
    else:
        for m in sorted(p.moves(), key=text):
            q = p.copy()
            q.play(m)
            print(text(m), perft(q, depth - 1))
