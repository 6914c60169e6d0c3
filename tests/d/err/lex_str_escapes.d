/* @opts: -q */
BEGIN { printf("[%s]\n", "a\\tb\\\\c\\"d\\x41\\101"); exit(0); }
