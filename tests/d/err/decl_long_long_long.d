/* @opts: -q */
long long long x;
BEGIN { exit(0); }
