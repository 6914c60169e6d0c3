# args_desc.sh — args[] in a clause of several probe descriptions means, for each description,
# what that description's probes give: dtrace checks and compiles such a clause once per
# description (each its own enabling), so each copy has its own argument types.
# shellcheck disable=SC2016 # $target is a D macro variable

cli_needs_root types_per_description || return 0

# read's args[0] is an unsigned int (4 bytes), mmap's an unsigned long (8): dtrace prints
# "4 8"; a clause typed once from its first description printed "4 4".
cli_run types_per_description 0 '4 8\n\n' '' "$USDTRACE" -q -c 'dd if=/etc/hostname of=/dev/null status=none' -n '
syscall::read:entry, syscall::mmap:entry /pid == $target/ { sz[probefunc] = sizeof(args[0]); }
END { printf("%d %d\n", sz["read"], sz["mmap"]); }'
