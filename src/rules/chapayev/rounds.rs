//! Rounds, tours and the match: who won a round, how the lines move, which troops come
//! next, who opens, and setting up the next round.

use super::formation::{self, Troop};
use super::lines::Lines;
use super::options::{BothCleared, FirstShot, Upgrade};
use super::{Chapayev, Checker, RoundEnd};
use crate::rules::side::Side;

impl Chapayev {
    /// Puts both formations on their lines, every checker with its colour's player, face
    /// up, and lets them settle.
    pub(super) fn set_up_round(&mut self) {
        for side in Side::BOTH {
            let troop = self.troop(side);
            let poses = formation::poses(side, troop, self.lines.line[side.index()]);
            for (k, pose) in poses.into_iter().enumerate() {
                self.checkers[side.index() * 8 + k] = Checker {
                    colour: side,
                    owner: side,
                    face_up: true,
                    pose: Some(pose),
                };
            }
        }
        self.settle();
    }

    pub fn troop(&self, side: Side) -> Troop {
        Troop::level(self.levels[side.index()])
    }

    fn new_tour_lines(&self) -> Lines {
        Lines {
            line: [1, 1],
            depth: [
                self.troop(Side::White).depth(),
                self.troop(Side::Black).depth(),
            ],
        }
    }

    /// After a shot by `shooter`: if the round is over, scores it and sets up what comes
    /// next. Returns how the round ended, if it did.
    pub(super) fn end_of_round(&mut self, shooter: Side) -> Option<RoundEnd> {
        let owns = |side: Side| {
            self.checkers
                .iter()
                .any(|c| c.pose.is_some() && c.owner == side)
        };
        let (white, black) = (owns(Side::White), owns(Side::Black));
        let winner = match (white, black) {
            (true, true) => return None,
            (true, false) => Some(Side::White),
            (false, true) => Some(Side::Black),
            (false, false) => match self.options.both_cleared {
                BothCleared::Replay => None,
                BothCleared::ShooterLoses => Some(shooter.other()),
                BothCleared::ShooterWins => Some(shooter),
            },
        };
        let Some(winner) = winner else {
            // Replayed on the same lines; the one who did not shoot last opens.
            self.rounds_played += 1;
            self.set_up_round();
            self.turn = shooter.other();
            return Some(RoundEnd {
                winner: None,
                sweep: false,
                tour_won: false,
            });
        };
        let sweep = white != black
            && self.checkers[winner.index() * 8..winner.index() * 8 + 8]
                .iter()
                .all(|c| c.pose.is_some() && c.owner == winner);
        let steps = if sweep && self.options.clean_sweep_bonus {
            2
        } else {
            1
        };
        let tour_won = self.options.single_round_tours || self.lines.advance(winner.index(), steps);
        let loser = winner.other();
        self.rounds_played += 1;
        self.round += 1;
        if tour_won {
            self.tours_won[winner.index()] += 1;
            if self.tours_won[winner.index()] >= self.options.tours_to_win {
                self.winner = Some(winner);
                return Some(RoundEnd {
                    winner: Some(winner),
                    sweep,
                    tour_won,
                });
            }
            let up = |level: &mut u8| *level = (*level + 1).min(4);
            match self.options.upgrade {
                Upgrade::Winner => up(&mut self.levels[winner.index()]),
                Upgrade::Loser => up(&mut self.levels[loser.index()]),
                Upgrade::Both => self.levels.iter_mut().for_each(up),
            }
            self.tour += 1;
            self.round = 1;
            self.lines = self.new_tour_lines();
        }
        self.set_up_round();
        self.turn = match self.options.first_shot {
            FirstShot::White => Side::White,
            FirstShot::RoundLoser => loser,
            FirstShot::Alternate => {
                if self.rounds_played.is_multiple_of(2) {
                    Side::White
                } else {
                    Side::Black
                }
            }
        };
        Some(RoundEnd {
            winner: Some(winner),
            sweep,
            tour_won,
        })
    }

    /// A new match's first tour: infantry on line 1.
    pub(super) fn start_match(&mut self) {
        self.levels = [0, 0];
        self.lines = self.new_tour_lines();
        self.set_up_round();
        self.turn = Side::White;
    }
}
