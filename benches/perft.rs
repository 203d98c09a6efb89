//! Perft speed: Doska's chess move generator against shakmaty's, and its Turkish
//! draughts generator against kish's, in the same run; chess for three, 100-cell chess
//! and the chess family's variants on their own, beside orthodox chess.
//! Run with `cargo bench`; `doska perft GAME DEPTH` prints positions per second too.

use divan::Bencher;
use doska::rules::chess::Chess;
use shakmaty::{CastlingMode, fen::Fen};

const POSITIONS: [(&str, &str, u32); 2] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
    ),
];

fn main() {
    divan::main();
}

#[divan::bench(args = [0, 1], sample_count = 5)]
fn doska(bencher: Bencher, which: usize) {
    let (_, fen, depth) = POSITIONS[which];
    let position = Chess::from_fen(fen).unwrap();
    bencher.bench(|| position.perft(depth));
}

#[divan::bench(args = [0, 1], sample_count = 5)]
fn shakmaty(bencher: Bencher, which: usize) {
    let (_, fen, depth) = POSITIONS[which];
    let position: shakmaty::Chess = fen
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    bencher.bench(|| shakmaty::perft(&position, depth));
}

#[divan::bench(args = [5, 6], sample_count = 3)]
fn doska_turkish(bencher: Bencher, depth: u32) {
    let position = doska::rules::Position::new(doska::rules::GameId::Turkish, &[]).unwrap();
    bencher.bench(|| doska::rules::perft::perft(&position, depth));
}

#[divan::bench(args = [5, 6], sample_count = 3)]
fn kish_turkish(bencher: Bencher, depth: u64) {
    let board = kish::Board::new_default();
    bencher.bench(|| board.perft(depth));
}

/// Chess for three has no other engine to compare with; its own speed, from the start.
#[divan::bench(args = [3], sample_count = 3)]
fn doska_tri_chess(bencher: Bencher, depth: u32) {
    let position = doska::rules::Position::new(doska::rules::GameId::TriChess, &[]).unwrap();
    bencher.bench(|| doska::rules::perft::perft(&position, depth));
}

/// 100-cell chess on its 128-bit bitboards, beside orthodox chess above: perft 4 from
/// the start (497,486 positions).
#[divan::bench(args = [4], sample_count = 3)]
fn doska_chess100(bencher: Bencher, depth: u32) {
    let position = doska::rules::Position::new(doska::rules::GameId::Chess100, &[]).unwrap();
    bencher.bench(|| doska::rules::perft::perft(&position, depth));
}

/// The chess family's engine, which tests each move by playing it, beside orthodox
/// chess's own generator above: perft 4 of transforming chess and of the Maharajah
/// after `M@e5`, perft 4 of double-move and everyone-moves chess (whose plies are
/// moves, not turns), perft 8 of dice chess (whose plies are rolls and moves), perft
/// 3 of appearing chess (the two kings, then any drop or move), perft 4 of
/// non-disappearing chess (each capture as many moves as it has squares to send to)
/// and of Shash-maty (chess moves, checkers steps and jump chains).
#[divan::bench(
    args = ["transforming", "maharajah", "double-move", "everyone-moves", "dice-chess", "appearing", "swedish", "shashmaty"],
    sample_count = 3
)]
fn doska_family(bencher: Bencher, game: &str) {
    let id = doska::rules::GameId::from_id(game).unwrap();
    let mut position = doska::rules::Position::new(id, &[]).unwrap();
    if id == doska::rules::GameId::Maharajah {
        let placed = position.parse_move("M@e5").unwrap();
        position.play(&placed).unwrap();
    }
    let depth = match id {
        doska::rules::GameId::DiceChess => 8,
        doska::rules::GameId::Appearing => 3,
        _ => 4,
    };
    bencher.bench(|| doska::rules::perft::perft(&position, depth));
}
