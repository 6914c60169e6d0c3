/* @opts: -q */
BEGIN { printf("%d\n", offsetof(int, z)); exit(0); }
