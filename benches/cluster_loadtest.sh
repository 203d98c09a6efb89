#!/usr/bin/env bash
# The load test through HAProxy with 1, 2 and 3 servers sharing one store, SQLite's
# file and then PostgreSQL (a server of its own in a temporary folder, on a Unix
# socket), each at the numbers of matches given (1000,2000,4000 by default).
# Needs Debian's haproxy and postgresql; prints one table per store and count.
#   benches/cluster_loadtest.sh [MATCHES] [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
matches="${1:-1000,2000,4000}"
seconds="${2:-20}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/doska-target}"
cargo build --release --no-default-features --features serve --quiet
doska="$CARGO_TARGET_DIR/release/doska"

bin=$(dirname "$(ls /usr/lib/postgresql/*/bin/pg_ctl | tail -1)")
pg=$(mktemp -d /tmp/doska-bench-pg.XXXXXX)
as_pg=()
if [ "$(id -u)" = 0 ]; then
    chown postgres "$pg"
    as_pg=(runuser -u postgres --)
fi
"${as_pg[@]}" "$bin/initdb" -A trust -U doska -D "$pg/data" >/dev/null
"${as_pg[@]}" "$bin/pg_ctl" -D "$pg/data" -l "$pg/log" -w \
    -o "-c listen_addresses='' -k $pg" start >/dev/null
trap '"${as_pg[@]}" "$bin/pg_ctl" -D "$pg/data" -m fast stop >/dev/null; rm -rf "$pg"' EXIT

for store in sqlite postgres; do
    for servers in 1 2 3; do
        echo "## $store, $servers server(s) behind HAProxy"
        if [ "$store" = postgres ]; then
            db="bench_${servers}_$RANDOM"
            "${as_pg[@]}" "$bin/createdb" -h "$pg" -U doska "$db"
            "$doska" loadtest --servers "$servers" --proxy --store "host=$pg user=doska dbname=$db" \
                --matches "$matches" --seconds "$seconds" 2>/dev/null
        else
            "$doska" loadtest --servers "$servers" --proxy \
                --matches "$matches" --seconds "$seconds" 2>/dev/null
        fi
        echo
    done
done
