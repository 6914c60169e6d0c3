#!/bin/sh
# tier: fast
# The provider-file corpus. tests/prov/invalid/X.d must fail with exactly the message in
# X.d.err, exit status 1, and leave no output (nor temporary) file behind, for -h and -G alike
# (files named cpp_*.d are run with -C). tests/prov/valid/X.d must compile with -C -h and -C -G,
# the object defining one semaphore per `probe` line of the file (counted with grep, checked
# with nm) and carrying .probes and .note.usdtrace (readelf).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for src in "$TOP"/tests/prov/invalid/*.d; do
	name=$(basename "$src")
	case $name in cpp_*) cflag=-C ;; *) cflag= ;; esac
	for mode in -h -G; do
		w="$tmp/inv"
		rm -rf "$w"
		mkdir -p "$w"
		cp -R "$TOP/tests/prov/invalid/." "$w/"
		rm -f "$w"/*.err
		before=$(cd "$w" && find . | sort)
		(cd "$w" && "$USDTRACE" $cflag $mode -s "$name") > "$tmp/out" 2> "$tmp/err"
		rc=$?
		after=$(cd "$w" && find . | sort)
		if [ "$rc" -ne 1 ]; then
			echo "not ok - invalid/$name $mode: exit status $rc, expected 1"
		elif ! cmp -s "$tmp/err" "$src.err"; then
			echo "not ok - invalid/$name $mode: got '$(cat "$tmp/err")', expected '$(cat "$src.err")'"
		elif [ "$before" != "$after" ]; then
			echo "not ok - invalid/$name $mode: files left behind: $(echo "$after" | grep -vxF "$before" | tr '\n' ' ')"
		elif [ -s "$tmp/out" ]; then
			echo "not ok - invalid/$name $mode: unexpected standard output"
		else
			echo "ok - invalid/$name $mode"
		fi
	done
done

for src in "$TOP"/tests/prov/valid/*.d; do
	name=$(basename "$src" .d)
	w="$tmp/val-$name"
	mkdir -p "$w"
	nprobes=$(grep -c '^[[:space:]]*probe[[:space:]]' "$src")
	if ! (cd "$w" && "$USDTRACE" -C -G -s "$src") 2> "$tmp/err"; then
		echo "not ok - valid/$name -G: $(head -n 3 "$tmp/err")"
		continue
	fi
	if [ ! -f "$w/$name.o" ] || [ -s "$tmp/err" ]; then
		echo "not ok - valid/$name -G: no $name.o in the current directory, or messages: $(cat "$tmp/err")"
		continue
	fi
	nsem=$(nm "$w/$name.o" | grep -c ' [Dd] .*_semaphore$')
	if [ "$nsem" -ne "$nprobes" ]; then
		echo "not ok - valid/$name -G: $nsem semaphores for $nprobes probes"
	elif ! readelf -S -W "$w/$name.o" | grep -q ' \.probes .* WA '; then
		echo "not ok - valid/$name -G: no writable allocated .probes section"
	elif [ "$(readelf -n "$w/$name.o" | grep -c '^  usdtrace ')" -ne $((nprobes + 1)) ]; then
		echo "not ok - valid/$name -G: expected $((nprobes + 1)) usdtrace notes"
	else
		echo "ok - valid/$name -G ($nprobes probes)"
	fi
	# -h needs include/usdtrace/sdt.h compiled in; without it, -h says so.
	if (cd "$w" && "$USDTRACE" -C -h -s "$src") 2> "$tmp/err" && [ -f "$w/$name.h" ]; then
		nmacros=$(grep -c '^#define [A-Z0-9_]*_ENABLED() USDT_ENABLED(' "$w/$name.h")
		if [ "$nmacros" -eq "$nprobes" ]; then
			echo "ok - valid/$name -h ($nmacros probe macros)"
		else
			echo "not ok - valid/$name -h: $nmacros _ENABLED macros for $nprobes probes"
		fi
	else
		echo "not ok - valid/$name -h: $(head -n 3 "$tmp/err")"
	fi
done
