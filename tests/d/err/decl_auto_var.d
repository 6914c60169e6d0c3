/* @opts: -q */
auto int av;
BEGIN { exit(0); }
