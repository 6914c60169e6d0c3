/* @opts: -q */
BEGIN { printf("%s\n", "a\\qb"); exit(0); }
