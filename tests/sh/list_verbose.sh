#!/bin/sh
# tier: fast
# list_verbose.sh — the shape of `usdtrace -l -v`: dtrace's stability and argument-type blocks
# after each probe line, then our per-site block (addresses, semaphore, what the kernel makes of
# the site, argument locations). Argument types, site addresses and semaphore offsets are
# checked against readelf, the site's form against objdump (sdt_site_check).
. "$TOP/tests/sh/lib.sh"
. "$TOP/tests/progs/list/build.sh"
lp_setup

"$USDTRACE" -l -v -m "$w/lp_main" >"$w/v" 2>"$w/err"
rc=$?
[ $rc -eq 0 ] || { echo "not ok - verbose_runs: exit $rc: $(cat "$w/err")"; exit 1; }
echo "ok - verbose_runs"

# The fixed part of dtrace's block, as dtrace prints it for a provider without attributes.
T=$(printf '\t')
cat >"$w/attrs" <<EOT

${T}Probe Description Attributes
${T}${T}Identifier Names: Unstable
${T}${T}Data Semantics:   Unstable
${T}${T}Dependency Class: Common

${T}Argument Attributes
${T}${T}Identifier Names: Unstable
${T}${T}Data Semantics:   Unstable
${T}${T}Dependency Class: Common

${T}Argument Types
EOT

# Split the output into one block per probe line: block.N holds the lines after probe line N.
awk -v dir="$w" 'NR == 1 { next } /^ *[0-9]+ / { n++; print > (dir "/line." n); next }
	{ print > (dir "/block." n) }' "$w/v"
nprobes=$(($(grep -c '^ *[0-9][0-9]* ' "$w/v")))
nwit=$(lp_witness_probes "$w/lp_main" | wc -l)
if [ "$nprobes" -ne "$nwit" ]; then
	echo "not ok - one_block_per_probe: $nprobes probe lines, witness has $nwit probes"
else
	echo "ok - one_block_per_probe"
fi

# Native type of a stapsdt argument spec, as readelf prints it ("-4@%edi" -> int32_t).
spec_type() {
	case $1 in
	-1@*) echo int8_t ;; 1@*) echo uint8_t ;; -2@*) echo int16_t ;; 2@*) echo uint16_t ;;
	-4@*) echo int32_t ;; 4@*) echo uint32_t ;; -8@*) echo int64_t ;; 8@*) echo uint64_t ;;
	*) echo "?" ;;
	esac
}

# For each probe: attribute blocks verbatim, then types from the first site's note, then one
# site line per note site (address = readelf Location) each followed by its arguments.
readelf -n "$w/lp_main" | awk '/Provider:/ { p = $2 } /Name:/ { n = $2 }
	/Location:/ { sub(",", "", $2); loc = $2; sem = $6 }
	/Arguments:/ { $1 = ""; sub("^ ", ""); print p, n, loc, sem, $0 }' >"$w/notes"
sec=$(readelf -SW "$w/lp_main" | awk '$2 == ".probes" { print $4, $5 }')
bad=
i=1
while [ $i -le "$nprobes" ]; do
	read -r id prov mod func name <"$w/line.$i"
	n=$(echo "$name" | sed 's/-/__/g')
	# sites of this probe: same provider and name, inside this function
	lp_witness_sites "$w/lp_main" >"$w/wsites"
	paste -d ' ' "$w/wsites" "$w/notes" | awk -v p="$prov" -v f="$func" -v n="$n" \
		'$1 == p && $2 == f && $3 == n' >"$w/mine"
	{
		cat "$w/attrs"
		set -- $(head -n 1 "$w/mine" | cut -d ' ' -f 8-)
		if [ $# -eq 0 ]; then printf '\t\tNone\n'; fi
		k=0
		for a in "$@"; do printf '\t\targs[%d]: %s\n' $k "$(spec_type "$a")"; k=$((k + 1)); done
		printf '\n\tProbe Sites\n'
		while read -r _ _ _ _ _ loc sem args; do
			printf '\t\t0x%x (file offset 0x%x)' "$loc" "$loc"
			if [ "$sem" != 0x0000000000000000 ]; then
				set -- $sec
				off=$((sem - 0x$1 + 0x$2))
				printf ', semaphore 0x%x (file offset 0x%x)' "$sem" "$off"
			fi
			printf '\n'
			# what the kernel makes of the site: the layout checked by objdump
			if [ -z "$(sdt_site_check "$w/lp_main" "$loc")" ]; then
				printf '\t\t\tuprobe: %s\n' "a 5-byte nop: a call to the kernel's trampoline, no trap, where the kernel optimises uprobes (6.18+)"
			else
				printf '\t\t\tuprobe: an int3 trap\n'
			fi
			k=0
			for a in $args; do
				printf '\t\t\targs[%d]: %s = %s \n' $k "$a" "$(spec_type "$a")"
				k=$((k + 1))
			done
		done <"$w/mine"
		printf '\n'
	} >"$w/want.$i"
	# the location text after "= TYPE " belongs to usdt_arg_describe: compare up to it
	sed 's/^\(\t\t\targs\[[0-9]*\]: [^ ]* = [^ ]* \).*/\1/' "$w/block.$i" >"$w/got.$i"
	if ! cmp -s "$w/want.$i" "$w/got.$i"; then
		bad="probe $id ($func $name): $(diff "$w/want.$i" "$w/got.$i" | head -n 6 | tr '\n' '|')"
		break
	fi
	i=$((i + 1))
done
if [ -z "$bad" ]; then echo "ok - blocks_match_witness"; else echo "not ok - blocks_match_witness: $bad"; fi

# lp_work's function-entry has two sites; with-sem has a semaphore.
two=$(awk '/lp_work function-entry$/ { on = 1; next } /^ *[0-9]+ / { on = 0 }
	on && /^\t\t0x/ { n++ } END { print n + 0 }' "$w/v")
sem=$(grep -c 'semaphore 0x' "$w/v")
if [ "$two" -eq 2 ] && [ "$sem" -eq 1 ]; then
	echo "ok - sites_and_semaphores"
else
	echo "not ok - sites_and_semaphores: lp_work sites $two, semaphores $sem"
fi
