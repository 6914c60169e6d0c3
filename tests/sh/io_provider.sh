# tier: full
# io_provider.sh — the io provider (lib/usdtrace/io.d, formulas over the block tracepoints:
# docs/formula-providers.md) driven with I/O of a known size: dd with direct I/O to and from a
# loop device over a file in /var/tmp (made and removed here), so that no one else's I/O is on
# the device. Byte sums, request counts and the device are checked against the work and against
# bpftrace's block_rq_issue / block_rq_complete tracepoints on the same run; the Guide's io
# examples (tests/guide/io/) run unchanged on the same kind of work; then an ext4 file system on the
# device: a file written through the page cache and read back after a remount.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
if ! sdt_is_root; then
	skip io "needs root"
	exit 0
fi
command -v losetup >/dev/null || { skip io "no losetup"; exit 0; }
BPFTRACE=$(command -v bpftrace)

IMG=$(mktemp /var/tmp/usdtrace-io.XXXXXX)
LOOP=
cleanup() {
	mountpoint -q "$W/mnt" 2>/dev/null && umount "$W/mnt"
	[ -n "$LOOP" ] && losetup -d "$LOOP" 2>/dev/null
	rm -f "$IMG"
	rm -rf "$W"
}
trap cleanup EXIT
dd if=/dev/zero of="$IMG" bs=1M count=8 status=none
LOOP=$(losetup --find --show "$IMG") || { notok io-setup "losetup failed"; exit 0; }
NAME=${LOOP#/dev/}
command -v udevadm >/dev/null && udevadm settle --timeout=10 2>/dev/null
MAJMIN=$(cat "/sys/block/$NAME/dev")
MAJ=${MAJMIN%:*} MIN=${MAJMIN#*:}
KDEV=$(( (MAJ << 20) | MIN ))     # the kernel's dev_t, as the tracepoints give it

WBYTES=$((64 * 1024 * 16)) RBYTES=$((64 * 1024 * 8))
work() {
	dd if=/dev/zero of="$LOOP" bs=64k count=16 oflag=direct status=none
	dd if="$LOOP" of=/dev/null bs=64k count=8 iflag=direct status=none
}

# wait_for FILE PATTERN: until the tracer's output says it is ready (20 s at most)
wait_for() {
	i=0
	while [ $i -lt 200 ] && ! grep -q "$2" "$1" 2>/dev/null; do
		sleep 0.1
		i=$((i + 1))
	done
	grep -q "$2" "$1" 2>/dev/null
}

# -l -v: the probes and their translated types, as DTrace for Linux lists them
"$USDTRACE" -lv -n io:::done >"$W/lv" 2>"$W/lv.err"
if awk 'NR == 2 { ok = ($2 == "io" && $3 == "vmlinux" && $NF == "done" && NF == 4) }
	/args\[0\]: bufinfo_t \*$/ { a0 = 1 } /args\[1\]: devinfo_t \*$/ { a1 = 1 }
	/args\[2\]: fileinfo_t \*$/ { a2 = 1 } /Dependency Class: Unknown/ { u = 1 }
	END { exit !(ok && a0 && a1 && a2 && u) }' "$W/lv"; then
	ok io-list-verbose
else
	notok io-list-verbose "$(head -c 600 "$W/lv" "$W/lv.err")"
fi
n=$("$USDTRACE" -l -n 'io:::' 2>&1 | awk 'NR > 1 { print $NF }' | sort | tr '\n' ' ')
if [ "$n" = "done start wait-done wait-start " ]; then
	ok io-list-probes
else
	notok io-list-probes "[$n]"
fi

# Byte sums and counts by direction, start and done, against the work and bpftrace
"$USDTRACE" -q -n "
BEGIN { printf(\"ready\n\"); }
io:::start /args[1]->dev_statname == \"$NAME\"/ {
	@s[args[0]->b_flags & B_WRITE ? \"W\" : \"R\"] = sum(args[0]->b_bcount);
	@sn[args[0]->b_flags & B_WRITE ? \"W\" : \"R\"] = count();
	@dev[args[1]->dev_name, args[1]->dev_major, args[1]->dev_minor, args[1]->dev_pathname,
	     args[0]->b_edev, args[2]->fi_pathname, probeprov, probemod, probename] = count();
	@phys[args[0]->b_flags & B_PHYS ? \"phys\" : \"pageio\"] = count();
}
io:::done /args[1]->dev_statname == \"$NAME\"/ {
	@d[args[0]->b_flags & B_WRITE ? \"W\" : \"R\"] = sum(args[0]->b_bcount);
}
END {
	printa(\"start %s %@d\n\", @s); printa(\"nstart %s %@d\n\", @sn);
	printa(\"done %s %@d\n\", @d); printa(\"phys %s %@d\n\", @phys);
	printa(\"dev %s %d %d %s %d %s %s %s %s %@d\n\", @dev);
}" >"$W/u.out" 2>"$W/u.err" &
UPID=$!
if [ -n "$BPFTRACE" ]; then
	"$BPFTRACE" -e "
BEGIN { printf(\"ready\\n\"); }
tracepoint:block:block_rq_issue /args->dev == $KDEV/ {
	@s[strncmp(args->rwbs, \"W\", 1) == 0 ? \"W\" : \"R\"] = sum(args->bytes);
	@sn[strncmp(args->rwbs, \"W\", 1) == 0 ? \"W\" : \"R\"] = count(); }
tracepoint:block:block_rq_complete /args->dev == $KDEV/ {
	@d[strncmp(args->rwbs, \"W\", 1) == 0 ? \"W\" : \"R\"] = sum(args->nr_sector * 512); }" \
		>"$W/b.out" 2>"$W/b.err" &
	BPID=$!
fi
if ! wait_for "$W/u.out" ready || { [ -n "$BPFTRACE" ] && ! wait_for "$W/b.out" '^ready$'; }; then
	kill -INT $UPID 2>/dev/null; stop_bpftrace "${BPID:-}"
	wait
	notok io-bytes "tracers not ready: $(head -c 300 "$W/u.err" "$W/b.err" 2>/dev/null)"
	exit 0
fi
work
sleep 1
kill -INT $UPID 2>/dev/null; stop_bpftrace "${BPID:-}"
wait
get() { awk -v k="$2" -v d="$3" '$1 == k && $2 == d { print $3 }' "$1"; }
# bpftrace prints "@s[W]: 1048576"
bget() { awk -F': ' -v k="@$1[$2]" '$1 == k { print $2 }' "$W/b.out"; }
sw=$(get "$W/u.out" start W) sr=$(get "$W/u.out" start R)
dw=$(get "$W/u.out" done W) dr=$(get "$W/u.out" done R)
if [ "$sw" = "$WBYTES" ] && [ "$dw" = "$WBYTES" ] && [ "${sr:-0}" -ge "$RBYTES" ] &&
   [ "${dr:-0}" -ge "$RBYTES" ]; then
	ok io-bytes-vs-work
else
	notok io-bytes-vs-work "start W=$sw R=$sr done W=$dw R=$dr, want W=$WBYTES R>=$RBYTES: $(head -c 400 "$W/u.out" "$W/u.err")"
fi
if [ -z "$BPFTRACE" ]; then
	skip io-bytes-vs-bpftrace "no bpftrace"
elif [ "$sw" = "$(bget s W)" ] && [ "$sr" = "$(bget s R)" ] && [ "$dw" = "$(bget d W)" ] &&
     [ "$dr" = "$(bget d R)" ] && [ "$(get "$W/u.out" nstart W)" = "$(bget sn W)" ] &&
     [ "$(get "$W/u.out" nstart R)" = "$(bget sn R)" ]; then
	ok io-bytes-vs-bpftrace
else
	notok io-bytes-vs-bpftrace "usdtrace [$(tr '\n' ' ' <"$W/u.out")] bpftrace [$(tr '\n' ' ' <"$W/b.out")]"
fi
# the device as the system names it; the names are the io provider's
want="dev $NAME $MAJ $MIN /dev/$NAME $KDEV <none> io vmlinux start"
if [ "$(grep '^dev ' "$W/u.out" | sed 's/ [0-9]*$//' | sort -u)" = "$want" ]; then
	ok io-device
else
	notok io-device "[$(grep '^dev ' "$W/u.out")] want [$want ...]"
fi
# wait-start/wait-done where the kernel refuses fentry (the scheduler's tracepoints, with the
# thread's in_iowait: docs/formula-providers.md): dd writing 16 blocks with O_DIRECT waits for
# each write, in its own thread; every wait-start has its wait-done, and the buffer and device
# are not known there (empty)
if timeout 30 "$USDTRACE" -q -n 'fbt::submit_bio_wait:entry { exit(0); } tick-1ms { exit(0); }' \
	>/dev/null 2>&1; then
	skip io-wait "the kernel takes fentry programs: wait-start/wait-done are submit_bio_wait's"
else
	timeout 60 "$USDTRACE" -q -n "
io:::start /pid == \$target && args[1]->dev_statname == \"$NAME\"/ { n++; }
io:::wait-start /pid == \$target/ { s++; self->in = 1;
	@a[args[0]->b_flags, args[1]->dev_statname, args[2]->fi_pathname] = count(); }
io:::wait-done /pid == \$target && self->in/ { d++; self->in = 0; }
END { printf(\"io %d start %d done %d\\n\", n, s, d); printa(\"args %d %s %s %@d\\n\", @a); }" \
		-c "dd if=/dev/zero of=$LOOP bs=64k count=16 oflag=direct status=none" \
		>"$W/w.out" 2>"$W/w.err"
	read -r _ n _ s _ d <<EOF2
$(grep '^io ' "$W/w.out")
EOF2
	if [ "${n:-0}" -ge 16 ] && [ "${s:-0}" -ge "$n" ] && [ "$s" = "$d" ] &&
	   [ "$(grep '^args ' "$W/w.out" | cut -d' ' -f2-4)" = "0 <none> <none>" ]; then
		ok io-wait
	else
		notok io-wait "$(head -c 500 "$W/w.out" "$W/w.err")"
	fi
fi
# direct I/O moves the process's own pages: B_PHYS, never B_PAGEIO
if [ "$(grep '^phys ' "$W/u.out" | awk '{ print $2 }')" = "phys" ]; then
	ok io-b-phys
else
	notok io-b-phys "[$(grep '^phys ' "$W/u.out")]"
fi

# The Guide's examples, unchanged: each traced around the same work
guide() {
	"$USDTRACE" -s "$TOP/tests/guide/io/$1.d" -n 'BEGIN { printf("ready\n"); }' >"$W/$1.out" 2>"$W/$1.err" &
	GP=$!
	if ! wait_for "$W/$1.out" ready; then
		kill -INT $GP 2>/dev/null
		wait $GP
		return 1
	fi
	work
	sleep 1
	kill -INT $GP 2>/dev/null
	wait $GP
}
nw=$(get "$W/u.out" nstart W) nr=$(get "$W/u.out" nstart R)
if guide iosnoop; then
	# one line per request: the device, "<none>" (the block layer knows no file), R or W
	lw=$(awk -v n="$NAME" '$1 == n && $2 == "<none>" && $3 == "W"' "$W/iosnoop.out" | wc -l)
	lr=$(awk -v n="$NAME" '$1 == n && $2 == "<none>" && $3 == "R"' "$W/iosnoop.out" | wc -l)
	head=$(awk '$1 == "DEVICE" { print $1, $2, $3 }' "$W/iosnoop.out")
	if [ "$head" = "DEVICE FILE RW" ] && [ "$lw" -eq "$nw" ] && [ "$lr" -ge "$nr" ]; then
		ok io-guide-iosnoop
	else
		notok io-guide-iosnoop "W lines $lw (want $nw), R lines $lr (want >= $nr), head [$head]: $(head -c 300 "$W/iosnoop.err")"
	fi
else
	notok io-guide-iosnoop "not ready: $(head -c 300 "$W/iosnoop.err")"
fi
if guide whoio; then
	# the bytes of the work on the device, by the dd processes that did it
	tot=$(awk -v n="$NAME" '$1 == n && $2 == "dd" { s += $4 } END { print s + 0 }' "$W/whoio.out")
	if [ "$tot" -ge $((WBYTES + RBYTES)) ] && grep -q '^ *DEVICE  *APP  *PID  *BYTES$' "$W/whoio.out"; then
		ok io-guide-whoio
	else
		notok io-guide-whoio "dd bytes on $NAME: $tot, want >= $((WBYTES + RBYTES)): $(head -c 400 "$W/whoio.out" "$W/whoio.err")"
	fi
else
	notok io-guide-whoio "not ready: $(head -c 300 "$W/whoio.err")"
fi
if guide iotime; then
	# every write request timed (start and done paired on b_edev, b_blkno), times well-formed
	lw=$(awk -v n="$NAME" '$1 == n && $2 == "<none>" && $3 == "W" && $4 ~ /^[0-9]+\.[0-9][0-9][0-9]$/' "$W/iotime.out" | wc -l)
	if [ "$lw" -eq "$nw" ]; then
		ok io-guide-iotime
	else
		notok io-guide-iotime "W lines $lw, want $nw: $(head -c 400 "$W/iotime.out" "$W/iotime.err")"
	fi
else
	notok io-guide-iotime "not ready: $(head -c 300 "$W/iotime.err")"
fi

# Through a file system: a 1 MiB file written through the page cache (written back by the
# kernel's flusher threads, B_PAGEIO), then read back after a remount emptied the cache; every
# request on the device, metadata and journal included, summed by both tracers
if command -v mkfs.ext4 >/dev/null && mkfs.ext4 -q -F "$LOOP" >/dev/null 2>&1; then
	mkdir "$W/mnt"
	"$USDTRACE" -q -n "
BEGIN { printf(\"ready\n\"); }
io:::start /args[1]->dev_statname == \"$NAME\"/ {
	@all = sum(args[0]->b_bcount); @n = count();
	@pg[args[0]->b_flags & B_WRITE ? \"W\" : \"R\", args[0]->b_flags & B_PAGEIO ? \"pageio\" : \"phys\"] =
	    sum(args[0]->b_bcount);
}
END { printa(\"all %@d\n\", @all); printa(\"n %@d\n\", @n); printa(\"pg %s %s %@d\n\", @pg); }" \
		>"$W/f.out" 2>"$W/f.err" &
	UPID=$!
	BPID=
	if [ -n "$BPFTRACE" ]; then
		"$BPFTRACE" -e "BEGIN { printf(\"ready\\n\"); } tracepoint:block:block_rq_issue /args->dev == $KDEV/ { @all = sum(args->bytes); @n = count(); }" \
			>"$W/fb.out" 2>"$W/fb.err" &
		BPID=$!
	fi
	if wait_for "$W/f.out" ready && { [ -z "$BPID" ] || wait_for "$W/fb.out" '^ready$'; }; then
		mount "$LOOP" "$W/mnt" &&
			dd if=/dev/urandom of="$W/mnt/file" bs=64k count=16 status=none && sync &&
			umount "$W/mnt" && mount "$LOOP" "$W/mnt" &&
			cat "$W/mnt/file" >/dev/null && umount "$W/mnt"
		sleep 1
	fi
	kill -INT $UPID 2>/dev/null; stop_bpftrace "$BPID"
	wait
	mountpoint -q "$W/mnt" && umount "$W/mnt"
	pw=$(awk '$1 == "pg" && $2 == "W" && $3 == "pageio" { print $4 }' "$W/f.out")
	pr=$(awk '$1 == "pg" && $2 == "R" { s += $4 } END { print s + 0 }' "$W/f.out")
	if [ "${pw:-0}" -ge "$WBYTES" ] && [ "$pr" -ge "$WBYTES" ]; then
		ok io-pagecache
	else
		notok io-pagecache "page-cache writes $pw, reads $pr, want >= $WBYTES each: $(head -c 400 "$W/f.out" "$W/f.err")"
	fi
	ua=$(awk '$1 == "all" { print $2 }' "$W/f.out") un=$(awk '$1 == "n" { print $2 }' "$W/f.out")
	if [ -z "$BPID" ]; then
		skip io-pagecache-vs-bpftrace "no bpftrace"
	elif [ "$ua" = "$(awk -F': ' '$1 == "@all" { print $2 }' "$W/fb.out")" ] &&
	     [ "$un" = "$(awk -F': ' '$1 == "@n" { print $2 }' "$W/fb.out")" ]; then
		ok io-pagecache-vs-bpftrace
	else
		notok io-pagecache-vs-bpftrace "usdtrace $ua bytes $un requests; bpftrace [$(tr '\n' ' ' <"$W/fb.out")]"
	fi
else
	skip io-pagecache "no mkfs.ext4 or it failed"
fi
