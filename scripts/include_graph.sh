#!/bin/sh
# include_graph.sh — which folders of src/ include which other folders' headers, and the cycles.
#
#   sh scripts/include_graph.sh          one line per stage folder of src/ (src/prov/usdt counts
#                                        as prov): "FOLDER -> OTHER(N) ...", N the #include
#                                        lines; then the cycles between folders, and the pairs
#                                        of folders that include each other (with the includes)
#   sh scripts/include_graph.sh -v       also each include that crosses folders, and the
#                                        includes inside each cycle
#   sh scripts/include_graph.sh -d       subfolders (src/prov/usdt) as folders of their own
#
# Headers are included by bare name (the Makefile passes -I for every folder of src/), so an
# include is resolved by looking the name up among the headers of src/; names not found there
# (system headers, include/usdtrace/sdt.h) are left out. A cycle is a strongly connected set of
# folders: each reaches every other through includes. A folder can be in one only through
# others (A -> B -> C -> A); the two-way pairs are the direct cycles, listed with the files
# that make them, so one can see which declaration to move.
# Exit status 0 whether or not there are cycles (it reports; it does not judge).
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
verbose=0 depth=1
for a in "$@"; do
	case $a in
	-v) verbose=1 ;;
	-d) depth=2 ;;
	*) echo "usage: $0 [-v] [-d]" >&2; exit 2 ;;
	esac
done

# folder of a path under src/: src/prov/usdt/x.c -> prov (depth 1) or prov/usdt (depth 2)
{
	# header table: "H name folder"
	find src -name '*.h' | sort | while read -r h; do
		echo "H $(basename "$h") $h"
	done
	# include lines: "I file header"
	find src -name '*.[ch]' | sort | while read -r f; do
		sed -n 's/^[ \t]*#[ \t]*include[ \t]*"\([^"]*\)".*/\1/p' "$f" | while read -r inc; do
			echo "I $f $(basename "$inc")"
		done
	done
} | awk -v depth="$depth" -v verbose="$verbose" '
function folder(p,   n, a, s, i) {
	n = split(p, a, "/")	# src, stage, [sub,] file
	s = a[2]
	if (depth > 1 && n > 3)
		for (i = 3; i < n; i++) s = s "/" a[i]
	return s
}
$1 == "H" {
	if ($2 in hdr && hdr[$2] != $3) dup[$2] = 1
	hdr[$2] = $3
	node[folder($3)] = 1
	next
}
$1 == "I" {
	node[folder($2)] = 1
	if (!($3 in hdr)) next
	from = folder($2); to = folder(hdr[$3])
	if (from == to) next
	cnt[from, to]++
	why[from, to] = why[from, to] sprintf("    %s includes %s\n", $2, $3)
	adj[from, to] = 1
}
END {
	for (h in dup) printf "warning: header %s found in more than one folder\n", h
	n = 0
	for (v in node) names[++n] = v
	# sort the folder names (insertion sort: a dozen folders)
	for (i = 2; i <= n; i++) {
		x = names[i]
		for (j = i - 1; j >= 1 && names[j] > x; j--) names[j + 1] = names[j]
		names[j + 1] = x
	}
	print "# folder -> folders whose headers it includes (number of #include lines)"
	for (i = 1; i <= n; i++) {
		a = names[i]; line = a " ->"
		for (j = 1; j <= n; j++)
			if ((a, names[j]) in cnt) line = line " " names[j] "(" cnt[a, names[j]] ")"
		print line
		if (verbose)
			for (j = 1; j <= n; j++)
				if ((a, names[j]) in cnt) printf "  %s -> %s:\n%s", a, names[j], why[a, names[j]]
	}
	# reachability (Warshall), then strongly connected sets
	for (i = 1; i <= n; i++) for (j = 1; j <= n; j++)
		reach[i, j] = ((names[i], names[j]) in adj) ? 1 : 0
	for (k = 1; k <= n; k++) for (i = 1; i <= n; i++) if (reach[i, k])
		for (j = 1; j <= n; j++) if (reach[k, j]) reach[i, j] = 1
	ncyc = 0
	print ""
	print "# cycles: sets of folders that all reach each other through includes"
	for (i = 1; i <= n; i++) {
		if (done[i] || !reach[i, i]) continue
		set = names[i]; members[1] = i; m = 1; done[i] = 1
		for (j = i + 1; j <= n; j++)
			if (reach[i, j] && reach[j, i]) { set = set " " names[j]; members[++m] = j; done[j] = 1 }
		ncyc++
		print "cycle: " set
		if (verbose)
			for (p = 1; p <= m; p++) for (q = 1; q <= m; q++) {
				a = names[members[p]]; b = names[members[q]]
				if ((a, b) in adj) printf "  %s -> %s:\n%s", a, b, why[a, b]
			}
	}
	if (!ncyc) print "none"
	# the shortest cycles, with the includes that make them
	print ""
	print "# two-way pairs: folders that include each other"
	npair = 0
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) {
		a = names[i]; b = names[j]
		if (!((a, b) in adj) || !((b, a) in adj)) continue
		npair++
		printf "%s <-> %s\n  %s -> %s:\n%s  %s -> %s:\n%s", a, b, a, b, why[a, b], b, a, why[b, a]
	}
	if (!npair) print "none"
}'
