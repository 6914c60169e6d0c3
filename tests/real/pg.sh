# pg.sh — a throwaway PostgreSQL 15 cluster and workloads with known query and lock-wait counts,
# for tests that trace the postgresql USDT provider (tests/sh/usdt_real.sh, bench/usdt.sh).
# Source it (as root) with TOP set. Defines:
#   pg_have                 true when PostgreSQL 15 and runuser are installed
#   pg_start DIR            initdb + postgres as user postgres, everything under DIR (which
#                           it creates; DIR's parent must be searchable by postgres): data in
#                           DIR/data, socket in DIR (listen_addresses is empty: no TCP port),
#                           log in DIR/log; autovacuum off, so that no background process starts
#                           transactions or runs queries on its own. Sets PGHOST and PGPORT.
#   pg_stop                 pg_ctl stop -m immediate (waits); safe to call twice
#   pg_sql SQL              psql -X -q -A -t -c SQL as postgres; prints the result
#   pg_queries N            one psql session sending N simple queries ("SELECT i;", each its
#                           own Query message): postgresql:query__start fires N times
#   pg_bench CLIENTS TXNS   pgbench -n with a custom one-query script: CLIENTS * TXNS queries
#                           (a custom script makes pgbench send nothing else)
#   pg_lockwaits N          N times: session A updates row 1 of table usdt_real_lock inside an
#                           open transaction, session B updates the same row and waits for A's
#                           transaction lock, then A commits: postgresql:lock__wait__start and
#                           lock__wait__done fire N times each (in B). Creates the table first.
# Every wait is bounded (30 s); nothing is left running after pg_stop.
PG_BIN=/usr/lib/postgresql/15/bin

pg_have() {
	[ -x "$PG_BIN/postgres" ] && [ -x "$PG_BIN/pg_ctl" ] && command -v runuser >/dev/null 2>&1
}

# as_pg COMMAND...: run as the postgres user, in a directory it can read.
as_pg() {
	(cd "$PG_DIR" && runuser -u postgres -- "$@")
}

pg_start() {
	PG_DIR=$1
	mkdir -p "$PG_DIR" && chown postgres: "$PG_DIR" && chmod 700 "$PG_DIR" || return 1
	PGHOST=$PG_DIR
	PGPORT=54329
	export PGHOST PGPORT
	as_pg "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres -A trust --no-sync -E UTF8 \
		>"$PG_DIR/initdb.log" 2>&1 || { cat "$PG_DIR/initdb.log" >&2; return 1; }
	# The postmaster runs as our own child (under runuser), not daemonized by pg_ctl, so that
	# pg_stop reaps it: nothing is left behind, not even a zombie for init to collect.
	as_pg "$PG_BIN/postgres" -D "$PG_DIR/data" -p "$PGPORT" -k "$PG_DIR" -c listen_addresses= \
		-c autovacuum=off -c fsync=off >"$PG_DIR/log" 2>&1 &
	PG_PID=$!
	PG_RUNNING=1
	_n=0
	until as_pg "$PG_BIN/pg_isready" -q -d postgres; do
		_n=$((_n + 1))
		if [ $_n -gt 1500 ] || ! kill -0 "$PG_PID" 2>/dev/null; then
			cat "$PG_DIR/log" >&2
			pg_stop
			return 1
		fi
		sleep 0.02
	done
}

pg_stop() {
	[ "${PG_RUNNING:-0}" = 1 ] || return 0
	as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate -w -t 30 stop >/dev/null 2>&1 ||
		kill -KILL "$PG_PID" 2>/dev/null
	wait "$PG_PID" 2>/dev/null
	PG_RUNNING=0
}

pg_sql() {
	as_pg "$PG_BIN/psql" -X -q -A -t -v ON_ERROR_STOP=1 -d postgres -c "$1"
}

pg_queries() {
	i=0
	: >"$PG_DIR/queries.sql"
	while [ $i -lt "$1" ]; do
		echo "SELECT $i;" >>"$PG_DIR/queries.sql"
		i=$((i + 1))
	done
	chown postgres: "$PG_DIR/queries.sql"
	as_pg "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -d postgres -f "$PG_DIR/queries.sql" >/dev/null
}

pg_bench() {
	echo "SELECT 1;" >"$PG_DIR/bench.sql"
	chown postgres: "$PG_DIR/bench.sql"
	as_pg "$PG_BIN/pgbench" -n -c "$1" -t "$2" -f "$PG_DIR/bench.sql" postgres \
		>"$PG_DIR/pgbench.log" 2>&1 || { cat "$PG_DIR/pgbench.log" >&2; return 1; }
}

# pg_wait_for CONDITION-SQL: poll (every 20 ms, at most 30 s) until the query prints "t".
pg_wait_for() {
	_n=0
	while [ "$(pg_sql "$1")" != t ]; do
		_n=$((_n + 1))
		[ $_n -gt 1500 ] && { echo "pg.sh: timed out waiting for: $1" >&2; return 1; }
		sleep 0.02
	done
}

pg_lockwaits() {
	pg_sql "CREATE TABLE IF NOT EXISTS usdt_real_lock (id int PRIMARY KEY, v int);
		INSERT INTO usdt_real_lock VALUES (1, 0) ON CONFLICT DO NOTHING;" || return 1
	_i=0
	while [ $_i -lt "$1" ]; do
		rm -f "$PG_DIR/a.fifo" "$PG_DIR/held"
		mkfifo "$PG_DIR/a.fifo" && chown postgres: "$PG_DIR/a.fifo" || return 1
		# Session A reads its statements from the fifo, so it can hold the lock between them.
		as_pg "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -d postgres -f "$PG_DIR/a.fifo" \
			>"$PG_DIR/a.log" 2>&1 &
		_a=$!
		exec 3>"$PG_DIR/a.fifo"
		printf '%s\n' "BEGIN;" "UPDATE usdt_real_lock SET v = v + 1 WHERE id = 1;" \
			"\\! touch $PG_DIR/held" >&3
		_n=0
		while [ ! -e "$PG_DIR/held" ] && [ $_n -lt 1500 ]; do sleep 0.02; _n=$((_n + 1)); done
		as_pg "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -d postgres \
			-c "UPDATE usdt_real_lock SET v = v + 1 WHERE id = 1;" >"$PG_DIR/b.log" 2>&1 &
		_b=$!
		pg_wait_for "SELECT count(*) > 0 FROM pg_locks WHERE NOT granted"
		_w=$?
		echo "COMMIT;" >&3
		exec 3>&-
		wait $_b || { cat "$PG_DIR/b.log" >&2; _w=1; }
		wait $_a || { cat "$PG_DIR/a.log" >&2; _w=1; }
		rm -f "$PG_DIR/a.fifo" "$PG_DIR/held"
		[ $_w -eq 0 ] || return 1
		_i=$((_i + 1))
	done
}
