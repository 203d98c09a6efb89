//! Lines: after each round the winner advances into free rows; when the ranks meet the
//! loser is pushed back; a loser already on his back row loses the tour.

/// The lines (1 = own back row) and formation depths of White and Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lines {
    pub line: [u8; 2],
    pub depth: [u8; 2],
}

impl Lines {
    /// Rows left free between the formations.
    pub fn free_rows(&self) -> i8 {
        10 - (self.line[0] + self.line[1] + self.depth[0] + self.depth[1]) as i8
    }

    /// The round's winner (by index: 0 White, 1 Black) takes `steps` steps. True when
    /// that wins the tour.
    pub fn advance(&mut self, winner: usize, steps: u8) -> bool {
        let loser = 1 - winner;
        for _ in 0..steps {
            if self.free_rows() >= 1 {
                self.line[winner] += 1;
            } else if self.line[loser] > 1 {
                self.line[winner] += 1;
                self.line[loser] -= 1;
            } else {
                return true;
            }
        }
        false
    }
}
