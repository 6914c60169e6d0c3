/* @opts: -q */
BEGIN { printf("%d %d %d %d\n", sizeof(1u), sizeof(1l), sizeof(1ul), sizeof(1LL)); exit(0); }
