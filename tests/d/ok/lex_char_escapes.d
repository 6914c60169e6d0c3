/* @opts: -q */
BEGIN { printf("%d %d %d %d %d %d\n", '\\n', '\\t', '\\0', '\\x41', '\\101', '\\\\'); exit(0); }
