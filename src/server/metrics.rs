//! What the server counts for whoever runs it, served at `/metrics` in Prometheus'
//! text format: connections open, matches in memory (each held by a lease), actions
//! played, the time from an action's arrival to its broadcast, the store's commits,
//! and the leases claimed, taken over, given up and fenced. The counts are the
//! process's own, kept in atomics that every task adds to without a lock.

use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The histograms' bucket bounds, in seconds.
const BOUNDS: [f64; 12] = [
    0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 5.0,
];

/// A Prometheus histogram: a count per bound (and above the last), the sum.
pub struct Histogram {
    counts: [AtomicU64; BOUNDS.len() + 1],
    micros: AtomicU64,
}

impl Histogram {
    const fn new() -> Histogram {
        Histogram {
            counts: [const { AtomicU64::new(0) }; BOUNDS.len() + 1],
            micros: AtomicU64::new(0),
        }
    }

    pub fn observe(&self, took: Duration) {
        let seconds = took.as_secs_f64();
        let bucket = BOUNDS
            .iter()
            .position(|&b| seconds <= b)
            .unwrap_or(BOUNDS.len());
        self.counts[bucket].fetch_add(1, Ordering::Relaxed);
        self.micros
            .fetch_add(took.as_micros() as u64, Ordering::Relaxed);
    }

    fn render(&self, name: &str, help: &str, out: &mut String) {
        let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} histogram");
        let mut total = 0;
        for (i, count) in self.counts.iter().enumerate() {
            total += count.load(Ordering::Relaxed);
            let bound = BOUNDS.get(i).map_or("+Inf".to_string(), |b| b.to_string());
            let _ = writeln!(out, "{name}_bucket{{le=\"{bound}\"}} {total}");
        }
        let sum = self.micros.load(Ordering::Relaxed) as f64 / 1e6;
        let _ = writeln!(out, "{name}_sum {sum}\n{name}_count {total}");
    }
}

/// The server's counts.
pub struct Metrics {
    pub connections: AtomicU64,
    pub actions: AtomicU64,
    /// From an action's arrival at its room to its event's broadcast (stored first).
    pub action_to_broadcast: Histogram,
    /// One batch's commit in the store.
    pub commit: Histogram,
    /// Matches claimed from the store (see [`super::store`]).
    pub claimed: AtomicU64,
    /// Of those, matches taken over from a server gone silent.
    pub taken_over: AtomicU64,
    /// Matches given up: left idle, or handed over on the way out.
    pub released: AtomicU64,
    /// Writes refused because another server had claimed their match.
    pub fenced: Counter,
    /// The store's failures: commits and the server's word that it is alive.
    pub store_errors: Counter,
    /// When the store last took the server's word that it is alive, ms since the
    /// epoch: the lease's age is how long ago that was.
    pub alive_at: AtomicU64,
    /// The server's name among those sharing the store.
    pub name: std::sync::OnceLock<String>,
}

/// A count that only grows.
pub struct Counter(AtomicU64);

impl Counter {
    pub fn inc(&self) {
        self.0.fetch_add(1, Ordering::Relaxed);
    }
}

/// The process's counts.
pub static METRICS: Metrics = Metrics {
    connections: AtomicU64::new(0),
    actions: AtomicU64::new(0),
    action_to_broadcast: Histogram::new(),
    commit: Histogram::new(),
    claimed: AtomicU64::new(0),
    taken_over: AtomicU64::new(0),
    released: AtomicU64::new(0),
    fenced: Counter(AtomicU64::new(0)),
    store_errors: Counter(AtomicU64::new(0)),
    alive_at: AtomicU64::new(0),
    name: std::sync::OnceLock::new(),
};

/// Counts a connection open while it lives.
pub struct Open;

impl Open {
    pub fn new() -> Open {
        METRICS.connections.fetch_add(1, Ordering::Relaxed);
        Open
    }
}

impl Drop for Open {
    fn drop(&mut self) {
        METRICS.connections.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Metrics {
    /// Notes a match taken over from a server gone silent: by the sweep, or claimed
    /// on demand by a player's request before the sweep came to it.
    pub fn took_over(&self) {
        self.taken_over.fetch_add(1, Ordering::Relaxed);
    }

    /// Notes that the store took the server's word that it is alive at `now`.
    pub fn alive(&self, now: u64) {
        self.alive_at.store(now, Ordering::Relaxed);
    }

    /// The text `/metrics` answers, with `matches` in memory now.
    pub fn render(&self, matches: usize) -> String {
        let mut out = String::new();
        if let Some(name) = self.name.get() {
            // A name is the operator's word: kept to what a label may hold.
            let name: String = name
                .chars()
                .map(|c| {
                    if c.is_ascii_graphic() && c != '"' && c != '\\' {
                        c
                    } else {
                        '_'
                    }
                })
                .collect();
            let _ = writeln!(
                out,
                "# HELP doska_server The server's name among those sharing the store.\n# TYPE doska_server gauge\ndoska_server{{name=\"{name}\"}} 1"
            );
        }
        let alive_at = self.alive_at.load(Ordering::Relaxed);
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64);
        let age = now.saturating_sub(alive_at) as f64 / 1000.0;
        let _ = writeln!(
            out,
            "# HELP doska_heartbeat_age_seconds Since the store last took the server's word that it is alive.\n# TYPE doska_heartbeat_age_seconds gauge\ndoska_heartbeat_age_seconds {age}"
        );
        let _ = writeln!(
            out,
            "# HELP doska_connections WebSocket connections open.\n# TYPE doska_connections gauge\ndoska_connections {}",
            self.connections.load(Ordering::Relaxed)
        );
        let _ = writeln!(
            out,
            "# HELP doska_matches Matches in memory.\n# TYPE doska_matches gauge\ndoska_matches {matches}"
        );
        let counters = [
            ("doska_actions_total", "Actions played.", &self.actions),
            (
                "doska_leases_claimed_total",
                "Matches claimed from the store.",
                &self.claimed,
            ),
            (
                "doska_leases_taken_over_total",
                "Matches taken over from a server gone silent.",
                &self.taken_over,
            ),
            (
                "doska_leases_released_total",
                "Matches given up, idle or handed over.",
                &self.released,
            ),
            (
                "doska_leases_fenced_total",
                "Writes refused: another server had claimed the match.",
                &self.fenced.0,
            ),
            (
                "doska_store_errors_total",
                "The store's failures: commits, and the server's word that it is alive.",
                &self.store_errors.0,
            ),
        ];
        for (name, help, count) in counters {
            let count = count.load(Ordering::Relaxed);
            let _ = writeln!(
                out,
                "# HELP {name} {help}\n# TYPE {name} counter\n{name} {count}"
            );
        }
        self.action_to_broadcast.render(
            "doska_action_to_broadcast_seconds",
            "From an action's arrival to its event's broadcast, stored first.",
            &mut out,
        );
        self.commit.render(
            "doska_store_commit_seconds",
            "One batch's commit in the store.",
            &mut out,
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_histogram_counts_each_time_in_its_bucket_and_the_ones_above() {
        let h = Histogram::new();
        h.observe(Duration::from_micros(300));
        h.observe(Duration::from_millis(3));
        h.observe(Duration::from_secs(9));
        let mut out = String::new();
        h.render("t", "test", &mut out);
        assert!(out.contains("t_bucket{le=\"0.0005\"} 1\n"), "{out}");
        assert!(out.contains("t_bucket{le=\"0.002\"} 1\n"));
        assert!(out.contains("t_bucket{le=\"0.005\"} 2\n"));
        assert!(out.contains("t_bucket{le=\"+Inf\"} 3\n"));
        assert!(out.contains("t_count 3\n"));
        assert!(out.contains("t_sum 9.0033\n"), "{out}");
    }
}
